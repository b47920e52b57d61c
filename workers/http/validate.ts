import type { Context } from "hono";
import { z } from "../lib/zod";
import { invalid } from "../domain/errors";

/** Parses a JSON body with `schema`; a bad body is a 400 with zod's issues. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== "") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw invalid("Request body is not valid JSON");
    }
  }
  return parseValue(schema, raw, "Invalid request body");
}

/** Parses the query string with `schema` (every value arrives as a string). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseValue(schema, c.req.query(), "Invalid query parameters");
}

export function parseValue<S extends z.ZodType>(schema: S, raw: unknown, message: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw invalid(message, result.error.issues);
  return result.data;
}
