// npm run db:seed:local: applies the demo seed (seed/demo/*.sql, idempotent) to the local D1 in .wrangler/.
import { seedLocal } from "./local-stack.mjs";

seedLocal();
