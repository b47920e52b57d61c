/**
 * The /api-docs page's view of the OpenAPI document: one entry per operation
 * with its fields, types and rules flattened for reading. Built from the
 * generated document, so the page and /api/openapi.json cannot disagree.
 */

type JsonSchema = Record<string, unknown>;
type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
/** The parts of an OpenAPI 3.1 document this view reads. */
export type ApiDocumentLike = {
  paths?: Record<string, object | undefined>;
  components?: { schemas?: Record<string, unknown> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof METHODS)[number];

export type FieldReference = { name: string; type: string; required: boolean; constraints: string[]; description?: string };
export type RouteReference = {
  method: HttpMethod;
  /** Path as the site uses it, e.g. `/api/forum/posts/:id`. */
  path: string;
  summary: string;
  auth: "public" | "member";
  /** The scope an API token needs here, or null when the route refuses tokens. */
  tokenScope: string | null;
  status: number;
  produces?: string;
  pathParams: string[];
  query: FieldReference[];
  body: FieldReference[];
  response: string | null;
  errors: { status: number; description: string }[];
};

const isAnonymous = (requirement: unknown) => !!requirement && typeof requirement === "object" && Object.keys(requirement).length === 0;

/** The scope of an operation's `bearerAuth` requirement (the API token scheme), if it has one. */
function tokenScopeOf(security: unknown[] | undefined): string | null {
  for (const requirement of security ?? []) {
    const scopes = (requirement as { bearerAuth?: unknown }).bearerAuth;
    if (Array.isArray(scopes) && typeof scopes[0] === "string") return scopes[0];
  }
  return null;
}

/** `/api/forum/posts/{id}` → `/api/forum/posts/:id`. */
export const toColonPath = (openApiPath: string) => openApiPath.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ":$1");

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

export function buildRouteReference(doc: ApiDocumentLike): RouteReference[] {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    const ref = schema?.$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) return resolve(schemas[ref.slice(21)]);
    return schema ?? {};
  };
  const fieldsOf = (schema: JsonSchema | undefined): FieldReference[] => {
    const object = resolve(schema);
    const required = new Set((object.required as string[] | undefined) ?? []);
    return Object.entries((object.properties as Record<string, JsonSchema>) ?? {}).map(([name, raw]) => {
      const field = resolve(raw);
      return {
        name,
        type: typeLabel(field),
        required: required.has(name),
        constraints: constraintsOf(field),
        ...(typeof field.description === "string" ? { description: field.description } : {}),
      };
    });
  };
  const describe = (raw: JsonSchema, depth: number): string => {
    const s = resolve(raw);
    if (s.type === "object" && s.properties && depth < 2) {
      const fields = Object.entries(s.properties as Record<string, JsonSchema>).map(([k, v]) => `${k}: ${describe(v, depth + 1)}`);
      return `{ ${fields.join(", ")} }`;
    }
    if (s.type === "array" && s.items && depth < 2) return `${describe(s.items as JsonSchema, depth)}[]`;
    const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (union && depth < 2) return union.map((u) => describe(u, depth)).join(" | ");
    return typeLabel(s);
  };

  const out: RouteReference[] = [];
  for (const [openApiPath, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined> | undefined)?.[method];
      if (!op) continue;
      const responses = Object.entries(op.responses ?? {});
      const success = responses.find(([code]) => Number(code) < 400) ?? ["200", {}];
      const [successCode, successResponse] = success;
      const successContent = Object.entries(successResponse.content ?? {});
      const json = successContent.find(([type]) => type.includes("json"));
      const produces = !json && successContent[0] ? successContent[0][0] : undefined;
      const params = op.parameters ?? [];
      out.push({
        method,
        path: toColonPath(openApiPath),
        summary: op.summary ?? "",
        // `{}` among the requirements: the route also serves visitors (its token requirement is an alternative).
        auth: op.security && op.security.length > 0 && !op.security.some(isAnonymous) ? "member" : "public",
        tokenScope: tokenScopeOf(op.security),
        status: Number(successCode),
        ...(produces ? { produces } : {}),
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params
          .filter((p) => p.in === "query")
          .map((p) => {
            const field = resolve(p.schema);
            const description = p.description ?? (typeof field.description === "string" ? field.description : undefined);
            return {
              name: p.name,
              type: typeLabel(field),
              required: p.required === true,
              constraints: constraintsOf(field),
              ...(description ? { description } : {}),
            };
          }),
        body: fieldsOf(op.requestBody?.content?.["application/json"]?.schema),
        response: json?.[1].schema ? describe(json[1].schema, 0) : null,
        errors: responses
          .filter(([code]) => Number(code) >= 400)
          .map(([code, r]) => ({ status: Number(code), description: r.description ?? "" })),
      });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method));
}
