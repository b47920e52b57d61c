import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { DomainError } from "../../workers/domain/errors";
import { STATUS_OF_KIND } from "../../workers/http/errors";
import type { ActionFailure, FieldErrors } from "./forms";
import type { ToastMessage } from "./toast";

/**
 * Route actions: read a submitted form, validate it with the same zod schema the
 * API uses, and answer failures in one shape (`ActionFailure`) that forms show
 * beside their fields, with or without JavaScript.
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The request's media type, without parameters, lower case ("" when it names none). */
const mediaTypeOf = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();

/**
 * A body of another type than the action reads (text, JSON to a form action, a form to a JSON action, multipart
 * without its boundary) is the client's mistake: a 415 that says what to send, rendered by the route's error
 * boundary, and nothing logged as a server error. Every page action reads its body through readForm or
 * readJsonSubmission, so none reads a body its own way.
 */
function unsupported(message: string) {
  // A Response, not `data()`: resource routes (the bell's and the lobby pods' actions) return a thrown Response as is.
  return Response.json({ message }, { status: 415 });
}
const notAForm = () => unsupported("Send this form as application/x-www-form-urlencoded or multipart/form-data");

/**
 * A JSON submission (`fetcher.submit(value, { encType: "application/json" })`), for actions whose input is nested
 * (the settings dialog). Only `application/json`: a text/plain body is what another site's page can send without
 * asking (a "simple" request), so it is refused with a 415 before anything is read. Malformed JSON reads as null,
 * which the action's schema refuses with its 400.
 */
export async function readJsonSubmission(request: Request): Promise<unknown> {
  if (mediaTypeOf(request) !== "application/json") throw unsupported("Send this as application/json");
  try {
    return await request.json();
  } catch {
    return null;
  }
}

/** FormData as a plain object; a repeated name becomes an array. */
export async function readForm(request: Request): Promise<Record<string, string | string[]>> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) throw notAForm();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw notAForm();
  }
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const previous = out[name];
    out[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

/** zod issues keyed by their dotted path ("gameData.name"); "" holds errors of the whole form. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: ReturnType<typeof failure> };

/** The text fields of a submission, to show again after a failure. */
export const echoValues = (raw: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" && k !== "intent" ? [[k, v]] : [])));

/** Validates `raw` with `schema`; a failure is ready to return from the action (400 with field errors). */
export function parseSubmission<S extends z.ZodType>(
  schema: S,
  raw: Record<string, string | string[]>,
  toast?: ToastMessage,
): Parsed<z.output<S>> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    response: failure(400, "Please correct the highlighted fields.", {
      fieldErrors: fieldErrorsOf(result.error.issues),
      values: echoValues(raw),
      toast,
    }),
  };
}

/** An action's failure answer, with its status. */
export function failure(status: number, message: string, extra: Omit<ActionFailure, "ok" | "message"> = {}) {
  const body: ActionFailure = { ok: false, message, ...extra };
  return data(body, { status });
}

/**
 * The one mapping of domain errors for actions: a DomainError becomes a failure
 * with its status (and field errors for invalid input); anything else is rethrown
 * to the route's error boundary.
 */
type FailureExtra = Omit<ActionFailure, "ok" | "message" | "fieldErrors">;
export function domainFailure(error: unknown, extraFor: FailureExtra | ((error: DomainError) => FailureExtra) = {}) {
  if (!(error instanceof DomainError)) throw error;
  const extra = typeof extraFor === "function" ? extraFor(error) : extraFor;
  const fieldErrors = error.issues ? fieldErrorsOf(error.issues as { path: PropertyKey[]; message: string }[]) : undefined;
  return failure(STATUS_OF_KIND[error.kind], error.message, { ...extra, ...(fieldErrors ? { fieldErrors } : {}) });
}

/** For loaders: a DomainError becomes a thrown Response with its status (the route's error boundary shows it). */
export function rethrowForLoader(error: unknown): never {
  if (error instanceof DomainError) throw data({ message: error.message }, { status: STATUS_OF_KIND[error.kind] });
  throw error;
}
