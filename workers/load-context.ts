import type { OpenApiDocument } from "./api/openapi-document";
import type { Db } from "./db/client";
import type { User } from "./db/schema";
import type { MemberShellData } from "./domain/shell";

/** What every Remix loader and action receives as `context`. */
export type RealmcastLoadContext = {
  cloudflare: { env: Env; ctx: ExecutionContext };
  db: Db;
  user: User | null;
  shell: MemberShellData | null;
  nonce: string;
  /** The /api OpenAPI document, for the /api-docs page. */
  apiDocument: () => OpenApiDocument;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RealmcastLoadContext {}
}
