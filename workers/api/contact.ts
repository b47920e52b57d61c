import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";

// Routes of this area are added by its issue; mounted at /api by workers/api/index.ts.
export const contactApi = new Hono<AppEnv>();
