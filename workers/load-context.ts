import type { OpenApiDocument } from "./api/openapi-document";
import type { Db } from "./db/client";
import type { User } from "./db/schema";
import type { MemberShellData } from "./domain/shell";
import type { Logger } from "./lib/logger";

/** What every Remix loader and action receives as `context`. */
export type RealmcastLoadContext = {
  cloudflare: { env: Env; ctx: ExecutionContext };
  db: Db;
  user: User | null;
  shell: MemberShellData | null;
  nonce: string;
  /** The request's logger (workers/lib/logger.ts): loaders, actions and the renderer log through it. */
  log: Logger;
  /** The request's id, also in the `X-Request-Id` header: the 500 page shows it. */
  requestId: string;
  /** The /api OpenAPI document, for the /api-docs page. */
  apiDocument: () => OpenApiDocument;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RealmcastLoadContext {}
}
