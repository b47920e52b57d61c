import { describe, expect, it } from "vitest";
import { app } from "../workers/app";
import { TOKEN_ROUTE_SCOPES } from "../workers/contract/access-tokens";
import { buildRouteReference, typeLabel } from "../workers/contract/api-reference";
import { DECLARED_ROUTES } from "./declared-routes";
import { json, request } from "./helpers";

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

/** Every concrete route the Hono app serves under /api, as "METHOD /path". */
function servedRoutes(): string[] {
  const routes = new Set<string>();
  for (const r of app.routes) {
    if (!r.path.startsWith("/api/") || r.path.endsWith("*") || r.method === "ALL") continue;
    routes.add(`${r.method} ${r.path}`);
  }
  return [...routes].sort();
}

describe("API reference completeness", () => {
  it("documents every /api route the Worker serves, and nothing it does not", () => {
    const documented = DECLARED_ROUTES.map((d) => `${d.method.toUpperCase()} ${d.path}`).sort();
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented).toEqual(servedRoutes());
  });
});

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3.1 document listing every declared route", async () => {
    const res = await request("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const doc = await json(res);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTypeOf("string");
    expect(doc.info.version).toBeTypeOf("string");
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    for (const route of DECLARED_ROUTES) {
      const path = toOpenApiPath(route.path);
      expect(path).not.toContain(":");
      const op = doc.paths[path]?.[route.method];
      expect(op, `${route.method} ${path}`).toBeDefined();
      expect(op.summary).toBe(route.summary);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters.some((p: any) => p.in === "path" && `{${p.name}}` === name && p.required)).toBe(true);
      }
      if (route.body)
        expect(
          op.requestBody.content["application/json"].schema.type ?? op.requestBody.content["application/json"].schema.$ref,
        ).toBeDefined();
      if (route.auth === "member") expect(op.security[0]).toEqual({ session: [] });
    }
    const operations = Object.values(doc.paths).flatMap((p: any) => Object.keys(p));
    expect(operations.length).toBe(DECLARED_ROUTES.length);
    const ids = Object.values(doc.paths).flatMap((p: any) =>
      Object.values(p)
        .map((o: any) => o.operationId)
        .filter(Boolean),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares the API token scheme on exactly the routes that accept tokens, each with its scope", async () => {
    const doc = await json(await request("/api/openapi.json"));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const declared = new Set(DECLARED_ROUTES.map((d) => `${d.method.toUpperCase()} ${toOpenApiPath(d.path).slice("/api".length)}`));
    for (const key of Object.keys(TOKEN_ROUTE_SCOPES)) expect(declared.has(key), `${key} is a declared route`).toBe(true);
    for (const route of DECLARED_ROUTES) {
      const path = toOpenApiPath(route.path);
      const op = doc.paths[path][route.method];
      const scope = TOKEN_ROUTE_SCOPES[`${route.method.toUpperCase()} ${path.slice("/api".length)}` as keyof typeof TOKEN_ROUTE_SCOPES];
      const bearer = (op.security ?? []).filter((s: any) => "bearerAuth" in s);
      if (!scope) {
        expect(bearer, `${route.method} ${path}`).toEqual([]);
        continue;
      }
      expect(bearer).toEqual([{ bearerAuth: [scope] }]);
      expect(op.description).toContain(`\`${scope}\` scope`);
      // A public route stays open to visitors: the token is an alternative, not a requirement.
      if (route.auth === "public") expect(op.security[0]).toEqual({});
    }
    const ref = buildRouteReference(doc);
    expect(ref.find((r) => r.method === "get" && r.path === "/api/game-sessions")).toMatchObject({
      auth: "public",
      tokenScope: "rooms:read",
    });
    expect(ref.find((r) => r.method === "post" && r.path === "/api/game-sessions")).toMatchObject({
      auth: "member",
      tokenScope: "rooms:write",
    });
    expect(ref.find((r) => r.method === "delete" && r.path === "/api/user/account")).toMatchObject({ auth: "member", tokenScope: null });
  });

  it("carries the zod constraints of request bodies and queries", async () => {
    const doc = await json(await request("/api/openapi.json"));
    const create = doc.paths["/api/forum/posts"].post.requestBody.content["application/json"].schema;
    expect(create.required.sort()).toEqual(["category", "communityId", "content", "title"]);
    expect(create.properties.title).toMatchObject({ type: "string", minLength: 1, maxLength: 150 });
    expect(create.properties.category.enum).toEqual(["strategy", "deck-tech", "stream-tips", "collaboration", "general"]);
    const list = doc.paths["/api/forum/posts"].get.parameters;
    expect(list.find((p: any) => p.name === "communityId")).toMatchObject({ in: "query", required: true });
    expect(list.find((p: any) => p.name === "cursor")).toMatchObject({ in: "query", required: false });
    const contact = doc.paths["/api/contact"].post;
    expect(contact.requestBody.content["application/json"].schema.properties.message.maxLength).toBe(5000);
    expect(contact.responses["429"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
  });
});

// Issue 35: 24 operations answered 400 for ids over 100 characters without declaring it. Every route now declares
// the statuses the Worker's shared layers can give it (transportResponses, workers/api/openapi-kit.ts), and the
// response check (test/response-contract.test.ts) fails on any status a route answers that it does not declare.
describe("every route declares every status the shared layers can answer", () => {
  it("400 on every route that takes a path parameter, a query or a body, and on every route for a cookie sent beside a token", async () => {
    const doc = await json(await request("/api/openapi.json"));
    for (const route of DECLARED_ROUTES) {
      const op = doc.paths[toOpenApiPath(route.path)][route.method];
      const where = `${route.method.toUpperCase()} ${route.path}`;
      expect(op.responses["400"], where).toBeDefined();
      // A route that takes input says so in its 400 (its own words, or the generic "Invalid path parameters…").
      if (route.path.includes(":") || route.body || route.query)
        expect(op.responses["400"].description, where).not.toBe("Sent both a session cookie and an API token");
    }
  });

  it("401 on member routes and token routes, 403 on every route, 413 and 415 on every state-changing one", async () => {
    const doc = await json(await request("/api/openapi.json"));
    for (const route of DECLARED_ROUTES) {
      const op = doc.paths[toOpenApiPath(route.path)][route.method];
      const where = `${route.method.toUpperCase()} ${route.path}`;
      const scope =
        TOKEN_ROUTE_SCOPES[
          `${route.method.toUpperCase()} ${toOpenApiPath(route.path).slice("/api".length)}` as keyof typeof TOKEN_ROUTE_SCOPES
        ];
      if (route.auth === "member" || scope) expect(op.responses["401"], where).toBeDefined();
      expect(op.responses["403"], where).toBeDefined();
      if (route.method !== "get") {
        expect(op.responses["413"], where).toBeDefined();
        expect(op.responses["415"], where).toBeDefined();
      } else {
        expect(op.responses["413"], where).toBeUndefined();
      }
      for (const status of ["400", "401", "403", "413", "415"].filter((s) => op.responses[s]))
        expect(op.responses[status].content["application/json"].schema.$ref, `${where} ${status}`).toBe("#/components/schemas/Error");
    }
  });

  it("keeps a route's own description of a status over the generic one", async () => {
    const doc = await json(await request("/api/openapi.json"));
    expect(doc.paths["/api/login/dev"].post.responses["400"].description).toBe("Invalid details");
    expect(doc.paths["/api/user/avatar"].post.responses["415"].description).not.toContain("JSON");
    expect(doc.paths["/api/communities"].get.responses["400"].description).toBe("Sent both a session cookie and an API token");
    expect(doc.paths["/api/game-sessions/{id}"].get.responses["400"].description).toBe(
      "Invalid path parameters, query or body; Sent both a session cookie and an API token",
    );
  });
});

describe("route reference for /api-docs", () => {
  it("has one entry per declared route with body fields, types and constraints", async () => {
    const ref = buildRouteReference(await json(await request("/api/openapi.json")));
    expect(ref.length).toBe(DECLARED_ROUTES.length);
    const create = ref.find((r) => r.method === "post" && r.path === "/api/forum/posts")!;
    expect(create.auth).toBe("member");
    expect(create.status).toBe(201);
    expect(create.body.find((f) => f.name === "title")).toEqual({
      name: "title",
      type: "string",
      required: true,
      constraints: ["length 1-150"],
    });
    expect(create.body.find((f) => f.name === "category")?.type).toContain('"deck-tech"');
    expect(create.response).toContain("likeCount: integer");
    // 403, 413 and 415: the shared layers' answers to every state-changing route (openapi-kit.ts transportResponses).
    expect(create.errors.map((e) => e.status)).toEqual([400, 401, 403, 413, 415, 429]);
    const contact = ref.find((r) => r.method === "post" && r.path === "/api/contact")!;
    expect(contact.body.find((f) => f.name === "message")?.constraints).toEqual(["length 1-5000"]);
    expect(contact.errors.map((e) => e.status)).toEqual([400, 403, 413, 415, 429]);
  });

  it("labels JSON schema types compactly", () => {
    expect(typeLabel({ type: "string", format: "email" })).toBe("string (email)");
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeLabel({ type: "array", items: { type: "integer" } })).toBe("integer[]");
    expect(typeLabel({})).toBe("any");
  });
});

describe("/api-docs page", () => {
  it("server-renders every declared route", async () => {
    const res = await request("/api-docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Coming Soon");
    for (const route of DECLARED_ROUTES) expect(html, route.path).toContain(`${route.path}</code>`);
  });
});
