import type { Db } from "../db/client";
import type { User } from "../db/schema";
import type { MemberShellData } from "../domain/shell";
import type { TokenScope } from "../contract/access-token-scopes";
import type { Logger } from "../lib/logger";

/** Hono's typing of the Worker: bindings plus what the middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** The request's logger: its lines carry the request id, route, method and member (workers/http/request-log.ts). */
    log: Logger;
    db: Db;
    user: User | null;
    /** Header data of the signed-in member, read with the user row. */
    shell: MemberShellData | null;
    /** The personal access token the request came with (then `user` is its member), or null for a cookie or none. */
    accessToken: { id: string; scopes: TokenScope[] } | null;
    /** Per-request CSP nonce, handed to Remix for its inline scripts. */
    nonce: string;
  };
};
