import type { Db } from "../db/client";
import type { User } from "../db/schema";

/** Hono's typing of the Worker: bindings plus what the middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    user: User | null;
    /** Per-request CSP nonce, handed to Remix for its inline scripts. */
    nonce: string;
  };
};
