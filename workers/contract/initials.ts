/** What a member's initials are made from: never their e-mail address. */
export type InitialsPerson = {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
};

// One segmenter for every call: building one is the costly part, and it holds no state between calls.
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The first user-perceived character of `text` (an emoji with its modifiers, a letter with its accents), upper-cased. */
function firstGrapheme(text: string): string {
  const first = graphemes.segment(text)[Symbol.iterator]().next();
  return first.done ? "" : first.value.segment.toUpperCase();
}

/**
 * The one rule for a member's initials, wherever an avatar has no picture (header, profile, room, lists): the first
 * character of the first and last name; else (instead of the spec's first letter of the e-mail, which members never
 * receive of each other) of the first name or username; else U. Characters are graphemes, not UTF-16 code units, so
 * a name that starts with an emoji ("🦄 Ann") shows the emoji, never half of its surrogate pair.
 */
export function memberInitials(person: InitialsPerson | null | undefined): string {
  const first = person?.firstName?.trim();
  const last = person?.lastName?.trim();
  if (first && last) return `${firstGrapheme(first)}${firstGrapheme(last)}`;
  const name = first || person?.username?.trim();
  if (name) return firstGrapheme(name);
  return "U";
}
