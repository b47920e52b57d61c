import { createRoute, z } from "@hono/zod-openapi";
import { AVATAR_MAX_BYTES, avatarParams, avatarResponse, avatarUploadForm } from "../contract/avatar";
import { avatarExists, readAvatar, removeAvatar, saveAvatar, toAvatarUpload } from "../domain/members/avatars";
import { notFound } from "../domain/errors";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, PUBLIC, apiRouter, errors, jsonResponse } from "./openapi-kit";
import { missingUnlessKnownParam } from "./route-guards";

// Profile pictures (issue 15): stored in R2, served with a versioned, immutable URL.
const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;
const MB = AVATAR_MAX_BYTES / 1024 / 1024;

const uploadRoute = createRoute({
  method: "post",
  path: "/user/avatar",
  summary: `Sets the signed-in member's profile picture from a multipart form field \`file\`: PNG, JPEG or WebP (told by its bytes), at most ${MB} MB. The browser crops it to a square first.`,
  ...member,
  request: { body: { required: true, content: { "multipart/form-data": { schema: avatarUploadForm } } } },
  responses: {
    200: jsonResponse(avatarResponse, "The picture's new URL, also in your profile's profileImageUrl"),
    ...errors(
      [400, "No file, an empty one, one over 2 MB or not a PNG, JPEG or WebP image"],
      [401, "Signed out"],
      [413, "Request body too large"],
      [415, "Not a multipart form"],
      [429, `Uploaded more than ${limitText("avatarUpload")}`],
    ),
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/user/avatar",
  summary: "Removes the signed-in member's profile picture (their initials show instead).",
  ...member,
  responses: { 204: { description: "Removed (also when there was none)" }, ...errors([401, "Signed out"]) },
});

const AVATAR_CACHE = "public, max-age=31536000, immutable";

const serveRoute = createRoute({
  method: "get",
  path: "/avatars/{userId}/{version}",
  summary: "A profile picture. The URL names its version, so it is cached for a year; a new picture has a new URL.",
  security: PUBLIC,
  request: { params: avatarParams },
  responses: {
    200: {
      description: "The picture's bytes",
      content: Object.fromEntries(
        ["image/png", "image/jpeg", "image/webp"].map((type) => [type, { schema: z.string().meta({ format: "binary" }) }]),
      ),
    },
    304: { description: "Not modified (If-None-Match)" },
    ...errors([404, "No such picture"]),
  },
});

export const avatarsApi = apiRouter()
  .openapi(uploadRoute, async (c) => {
    const user = requireUser(c);
    const { file } = c.req.valid("form");
    // Checked before the limit: a refused file costs nothing.
    const upload = toAvatarUpload(new Uint8Array(await file.arrayBuffer()));
    await enforceRateLimit(c.get("db"), "avatarUpload", user.id);
    return c.json(await saveAvatar(c.get("db"), c.env.AVATARS, user, upload), 200);
  })
  .openapi(removeRoute, async (c) => {
    await removeAvatar(c.get("db"), c.env.AVATARS, requireUser(c));
    return c.body(null, 204);
  })
  .openapi(
    serveRoute,
    async (c) => {
      const { userId, version } = c.req.valid("param");
      const etag = `"${version}"`;
      const headers = { "Cache-Control": AVATAR_CACHE, ETag: etag };
      // The version is a hash of the bytes: the same version is the same picture, as long as it is still stored
      // (a removed picture is a 404 to a revalidation too).
      if (
        c.req
          .header("If-None-Match")
          ?.split(/\s*,\s*/)
          .includes(etag)
      ) {
        if (!(await avatarExists(c.env.AVATARS, userId, version))) throw notFound("Picture not found");
        return c.body(null, 304, headers);
      }
      const picture = await readAvatar(c.env.AVATARS, userId, version);
      if (!picture) throw notFound("Picture not found");
      return new Response(picture.body, {
        status: 200,
        headers: { ...headers, "Content-Type": picture.contentType, "Content-Length": String(picture.size) },
      });
    },
    missingUnlessKnownParam("Picture not found"),
  );
