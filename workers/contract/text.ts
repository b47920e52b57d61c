import { z } from "../lib/zod";

/**
 * Text members type in: names, titles, places (one line) and bodies (several
 * lines). Beyond length, the characters themselves are checked, because some
 * render as nothing or rearrange what is around them:
 * - control characters (C0, DEL, C1) and the Unicode line/paragraph separators;
 *   bodies keep \n and \t, one-line fields keep neither;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069), which can make "gpj.exe" read as "exe.jpg";
 * - unpaired surrogates (not text at all);
 * - values made only of invisible characters: zero-width spaces and joiners
 *   (U+200B–U+200D, U+2060, U+FEFF), other format characters, combining marks
 *   with nothing to combine with, and blank fillers such as U+3164.
 * - in one-line fields (names, titles, places), the direction marks U+200E, U+200F
 *   and U+061C: right-to-left prose needs them, but in a name they only reorder what
 *   is around it, so the name reads as something it is not; bodies keep them;
 * - more than MAX_COMBINING_MARKS combining marks on one character ("Zalgo" text,
 *   which spills over the lines above and below); no script stacks more.
 * Zero-width joiners inside visible text stay allowed (emoji sequences need them).
 * The API, the page actions and the room's frames all check text with these rules.
 */
export type TextKind = "single-line" | "multi-line";

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** Left-to-right, right-to-left and Arabic letter marks. */
const BIDI_MARKS = /[\u200E\u200F\u061C]/;
/** Combining marks one character may carry: Vietnamese stacks two, Thai and pointed Hebrew three. */
export const MAX_COMBINING_MARKS = 4;
const MARK_PILE = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, "u");
const LINE_CONTROLS = /[\p{Cc}\u2028\u2029]/u;
/** Control characters other than tab and line feed (and the Unicode line/paragraph separators). */
const BODY_CONTROLS = /[^\P{Cc}\t\n]|[\u2028\u2029]/u;
const UNPAIRED_SURROGATE = /\p{Cs}/u;
/** Only ordinary white space (JavaScript's \s without U+FEFF, which is a zero-width character). */
const BLANK = /^[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/;
const VISIBLE = /[^\s\p{M}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/u;

export const TEXT_MESSAGES = {
  bidi: "Must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)",
  lineControl: "Must be one line without control characters",
  bodyControl: "Must not contain control characters (line breaks and tabs are fine)",
  surrogate: "Contains an invalid character",
  invisible: "Must contain visible characters",
  bidiMark: "Must not contain direction marks (U+200E, U+200F, U+061C)",
  markPile: `Must not stack more than ${MAX_COMBINING_MARKS} accents or marks on one character`,
} as const;

/**
 * The first problem with the characters of `value`, or null when it is fine. Empty or blank text is
 * fine here: whether a field may be blank is its length rule's business (schemas trim first).
 */
export function textProblem(value: string, kind: TextKind): string | null {
  if (UNPAIRED_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  if (BIDI_CONTROLS.test(value)) return TEXT_MESSAGES.bidi;
  if (kind === "single-line" ? LINE_CONTROLS.test(value) : BODY_CONTROLS.test(value)) {
    return kind === "single-line" ? TEXT_MESSAGES.lineControl : TEXT_MESSAGES.bodyControl;
  }
  if (!BLANK.test(value) && !VISIBLE.test(value)) return TEXT_MESSAGES.invisible;
  if (kind === "single-line" && BIDI_MARKS.test(value)) return TEXT_MESSAGES.bidiMark;
  if (MARK_PILE.test(value)) return TEXT_MESSAGES.markPile;
  return null;
}

/** A zod refinement adding `textProblem` as an issue on the field (its path names the field). */
export function checkText(kind: TextKind) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, kind);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

type TextOptions = {
  max: number;
  /** 0 (the default) allows an empty value. */
  min?: number;
  /** Message when shorter than `min`. */
  required?: string;
  /** Message when longer than `max`. */
  tooLong?: string;
};

function text(kind: TextKind, { max, min = 0, required, tooLong }: TextOptions) {
  const trimmed = z.string().trim();
  const bounded = (min > 0 ? trimmed.min(min, required) : trimmed).max(max, tooLong);
  return bounded.superRefine(checkText(kind));
}

/** A trimmed one-line field: names, titles, usernames, places, subjects. */
export const singleLine = (options: TextOptions) => text("single-line", options);

/** A trimmed body that keeps line breaks and tabs: descriptions, posts, replies, bios. */
export const multiLine = (options: TextOptions) => text("multi-line", options);

const STRIP_SINGLE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A one-line value from elsewhere (an OAuth provider's display name) made acceptable instead of refused:
 * control, bidi and unpaired surrogate characters removed, trimmed, cut to `max`; null when nothing visible
 * is left. Members' own input is refused instead (singleLine), so they can fix it.
 */
export function cleanSingleLine(value: string | null | undefined, max: number): string | null {
  const cleaned = [...(value ?? "").replace(STRIP_SINGLE_LINE, "").trim()].slice(0, max).join("").trim();
  return cleaned && textProblem(cleaned, "single-line") === null ? cleaned : null;
}
