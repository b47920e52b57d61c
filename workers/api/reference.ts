import { Hono } from "hono";
import { API_CONTRACT } from "../contract";
import { buildOpenApiDocument, type OpenApiDocument } from "../contract/openapi";
import type { AppEnv } from "../http/app-env";

// The contract is fixed per deployment: build the document once per isolate.
let cached: OpenApiDocument | null = null;

export const referenceApi = new Hono<AppEnv>().get("/openapi.json", (c) => {
  cached ??= buildOpenApiDocument(API_CONTRACT);
  c.header("Cache-Control", "public, max-age=300");
  return c.json(cached);
});
