/**
 * Counts in words ("1 open room", "3 open rooms", "1,347 members"): the
 * English plural rule from `Intl.PluralRules`, never `n === 1`. One fixed
 * locale, like the rest of the copy, so server and browser agree.
 */
const LOCALE = "en-US";
const rules = new Intl.PluralRules(LOCALE);
const numbers = new Intl.NumberFormat(LOCALE);

/** The noun form that goes with `count`: `one` for 1, `other` (default: `one` + "s") otherwise. */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === "one" ? one : other;
}

/** `count` with its noun: "1 reply", "2 replies", "0 members", "1,347 members". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralNoun(count, one, other)}`;
}
