import { z } from "../lib/zod";
import { TOKEN_SCOPES } from "./access-token-scopes";
import { singleLine } from "./text";

/** Personal access tokens (issue 27): how one is created and listed. Scopes and routes: access-token-scopes.ts. */
export * from "./access-token-scopes";

export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

export const createAccessTokenBody = z.strictObject({
  name: singleLine({ min: 1, max: 60, required: "Name required", tooLong: "At most 60 characters" }),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, "Choose at least one scope")
    .max(TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope once"),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]).default(null),
});
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenBody>;

/** A token as listed: never its secret. */
export const accessTokenResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The token's first characters (`rc_pat_` and 6 more), to recognise it. */
    prefix: z.string(),
    scopes: z.array(tokenScopeSchema),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    /** Where the events of the rooms created with this token are delivered (never its secret), or null. */
    webhookUrl: z.string().nullable(),
  })
  .meta({ id: "AccessToken" });
export type AccessTokenView = z.infer<typeof accessTokenResponse>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdAccessTokenResponse = accessTokenResponse
  .extend({ token: z.string().meta({ description: "The token itself. Shown this once; only its hash is stored." }) })
  .meta({ id: "CreatedAccessToken" });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenResponse>;

export const accessTokenIdParam = z.object({ id: z.string().min(1).max(100) });
