import type { ActionFailure } from "~/lib/forms";

/**
 * Why a form failed when no single field is to blame (a rate limit, a post
 * deleted meanwhile): shown on the form itself, so a page without JavaScript,
 * which has no toasts, still says it.
 */
export function formFailure(result: unknown): string | undefined {
  if (!result || typeof result !== "object" || !("ok" in result) || result.ok !== false) return undefined;
  const failure = result as ActionFailure;
  if (failure.fieldErrors && Object.keys(failure.fieldErrors).some((name) => name !== "")) return undefined;
  return failure.toast?.description ?? failure.message;
}
