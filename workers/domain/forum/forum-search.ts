/**
 * A member's search text as an FTS5 query over the forum's index (migrations/0009_forum_search.sql). Pure: no I/O,
 * unit-tested beside this file.
 */

/** A word counts when it has a letter or a digit: the index's tokenizer (unicode61) drops everything else. */
const SEARCHABLE = /[\p{L}\p{N}]/u;
/** What an FTS5 string cannot carry: a NUL ends it early, and the rest are no words. */
const UNSPEAKABLE = /[\p{Cc}\p{Cs}]/u;
/** The query is at most 100 characters; more phrases than this would only be repeats. */
const MAX_WORDS = 16;

/** An FTS5 string: the text is data, whatever it holds (`OR`, `NEAR(`, `title:`, `*`, `^`, quotes). */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The match expression for a search within one community (and category): every whitespace-separated word of `q`
 * is required, in the title or the content, in any order (case and accents are the tokenizer's to ignore). A word
 * is its own phrase, so "don't" finds "don't" (the tokens "don" then "t"). Null when no word has a letter or a
 * digit (only punctuation or symbols): nothing can match, so there is nothing to ask the index.
 */
export function forumSearchMatch(q: string, scope: { communityId: string; category?: string }): string | null {
  // Control characters and lone surrogates are no words (a NUL would end FTS5's string early).
  const words = q
    .replace(new RegExp(UNSPEAKABLE.source, "gu"), " ")
    .split(/\s+/u)
    .filter((word) => SEARCHABLE.test(word))
    .slice(0, MAX_WORDS);
  // No community or category holds a control character: such a filter (an edited URL) matches nothing.
  if (words.length === 0 || UNSPEAKABLE.test(scope.communityId) || UNSPEAKABLE.test(scope.category ?? "")) return null;
  const filters = [`community_id : ${quoted(scope.communityId)}`];
  if (scope.category) filters.push(`category : ${quoted(scope.category)}`);
  return `${filters.join(" AND ")} AND {title content} : (${words.map(quoted).join(" ")})`;
}
