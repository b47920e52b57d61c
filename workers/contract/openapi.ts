import { z } from "zod";
import type { RouteDoc } from "./route-doc";

/**
 * The API reference, generated from the RouteDoc list the routers are checked
 * against: an OpenAPI 3.1 document (/api/openapi.json) and a flattened view of
 * the same data for the /api-docs page. Nothing here lists routes by hand.
 */

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  429: "Too many requests",
};

/** `/api/forum/posts/:id` → `/api/forum/posts/{id}`. */
export function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

function pathParams(honoPath: string): string[] {
  return [...honoPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) of what a client sends or receives. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const errorSchema: JsonSchema = {
  type: "object",
  properties: {
    message: { type: "string" },
    issues: { type: "array", items: { type: "object" }, description: "zod issues, for 400 only" },
  },
  required: ["message"],
};

function operationOf(doc: RouteDoc) {
  const parameters: JsonSchema[] = pathParams(doc.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (doc.query) {
    const query = jsonSchemaOf(doc.query, "input");
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  const status = String(doc.status ?? 200);
  const success: JsonSchema = { description: doc.status === 204 ? "No content" : "Success" };
  if (doc.response) success.content = { "application/json": { schema: jsonSchemaOf(doc.response, "output") } };
  else if (doc.produces) success.content = { [doc.produces]: {} };
  const responses: Record<string, JsonSchema> = { [status]: success };
  for (const [code, description] of Object.entries(doc.errors ?? {})) {
    responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return {
    summary: doc.summary,
    operationId: `${doc.method}${doc.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
    ...(doc.auth === "member" ? { security: [{ session: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(doc.body, "input") } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(contract: readonly RouteDoc[], serverUrl = "/") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of contract) {
    const path = toOpenApiPath(doc.path);
    (paths[path] ??= {})[doc.method] = operationOf(doc);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Realmcast API",
      version: "1.0.0",
      description:
        "JSON REST API of Realmcast. Errors are `{ message, issues? }`. State-changing calls need a same-origin Origin header and Content-Type application/json.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "realmcast_session", description: "Session cookie set by /api/login" },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

// ------------------------------------------------------ view for /api-docs

export type FieldReference = { name: string; type: string; required: boolean; constraints: string[]; description?: string };
export type RouteReference = {
  method: RouteDoc["method"];
  path: string;
  summary: string;
  auth: RouteDoc["auth"];
  status: number;
  produces?: string;
  pathParams: string[];
  query: FieldReference[];
  body: FieldReference[];
  response: string | null;
  errors: { status: number; description: string }[];
};

/** A compact type label of a JSON schema: `string`, `integer | null`, `"a" | "b"`, `object[]`. */
export function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeLabel).join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `${typeLabel((schema.items as JsonSchema) ?? {})}[]`;
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  return typeof type === "string" ? type : "any";
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const min = schema.minLength ?? schema.minItems;
  const max = schema.maxLength ?? schema.maxItems;
  if (typeof min === "number" && typeof max === "number") out.push(`length ${min}-${max}`);
  else if (typeof min === "number") out.push(`length ≥ ${min}`);
  else if (typeof max === "number") out.push(`length ≤ ${max}`);
  if (typeof schema.minimum === "number") out.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === "number") out.push(`≤ ${schema.maximum}`);
  if (typeof schema.pattern === "string" && schema.format === undefined) out.push(`pattern ${schema.pattern}`);
  if ("default" in schema) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

function fieldsOf(schema: z.ZodType | undefined): FieldReference[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema>) ?? {}).map(([name, field]) => ({
    name,
    type: typeLabel(field),
    required: required.has(name),
    constraints: constraintsOf(field),
    ...(typeof field.description === "string" ? { description: field.description } : {}),
  }));
}

function responseLabel(schema: z.ZodType | undefined): string | null {
  if (!schema) return null;
  const json = jsonSchemaOf(schema, "output");
  const describe = (s: JsonSchema, depth: number): string => {
    if (s.type === "object" && s.properties && depth < 2) {
      const fields = Object.entries(s.properties as Record<string, JsonSchema>).map(([k, v]) => `${k}: ${describe(v, depth + 1)}`);
      return `{ ${fields.join(", ")} }`;
    }
    if (s.type === "array" && s.items && depth < 2) return `${describe(s.items as JsonSchema, depth)}[]`;
    const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (union && depth < 2) return union.map((u) => describe(u, depth)).join(" | ");
    return typeLabel(s);
  };
  return describe(json, 0);
}

/** Every route, sorted by path then method, as the /api-docs page shows it. */
export function buildRouteReference(contract: readonly RouteDoc[]): RouteReference[] {
  const order = ["get", "post", "put", "patch", "delete"];
  return [...contract]
    .sort((a, b) => a.path.localeCompare(b.path) || order.indexOf(a.method) - order.indexOf(b.method))
    .map((doc) => ({
      method: doc.method,
      path: doc.path,
      summary: doc.summary,
      auth: doc.auth,
      status: doc.status ?? 200,
      ...(doc.produces ? { produces: doc.produces } : {}),
      pathParams: pathParams(doc.path),
      query: fieldsOf(doc.query),
      body: fieldsOf(doc.body),
      response: responseLabel(doc.response),
      errors: Object.entries(doc.errors ?? {}).map(([status, description]) => ({
        status: Number(status),
        description: description ?? ERROR_TEXT[Number(status)] ?? "",
      })),
    }));
}
