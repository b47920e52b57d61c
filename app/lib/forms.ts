import { toast } from "~/hooks/use-toast";
import { useAnswerEffect } from "./answer-effect";
import type { ToastMessage } from "./toast";

/** Field errors by dotted field name; "" holds errors of the whole form. */
export type FieldErrors = Record<string, string[]>;
export type ActionFailure = {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors;
  /** What was submitted, so a form rendered without JavaScript can show it again. */
  values?: Record<string, string>;
  toast?: ToastMessage;
};
export type ActionSuccess<T extends object = object> = { ok: true; toast?: ToastMessage } & T;
export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;

const isFailure = (result: unknown): result is ActionFailure =>
  !!result && typeof result === "object" && "ok" in result && result.ok === false;

/** The first error of a field, for the message shown beside it. */
export function fieldError(result: unknown, name: string): string | undefined {
  return isFailure(result) ? result.fieldErrors?.[name]?.[0] : undefined;
}

/** The value a failed submission sent for a field (to fill the form again). */
export function submittedValue(result: unknown, name: string): string | undefined {
  return isFailure(result) ? result.values?.[name] : undefined;
}

/**
 * The refusal when it answers the form that sent these `fields` (each sent back in its values), else null: rows that
 * share one fetcher (useListFetcher) each show only the refusal meant for them.
 */
export function refusalFor(result: unknown, fields: Record<string, string>): ActionFailure | null {
  return isFailure(result) && Object.entries(fields).every(([name, value]) => result.values?.[name] === value) ? result : null;
}

/**
 * Shows the toast an action answered with, once per answer (a fetcher's or the
 * page's action data). Answers are compared by identity, so a repeated submit
 * with the same outcome still toasts.
 */
export function useResultToast(result: unknown) {
  useAnswerEffect(result, (answer) => {
    const message = toastOf(answer);
    if (message) toast(message);
  });
}

/** The toast an action's answer carries, if any. */
export function toastOf(result: unknown): ToastMessage | null {
  if (!result || typeof result !== "object" || !("toast" in result)) return null;
  return (result as { toast?: ToastMessage }).toast ?? null;
}
