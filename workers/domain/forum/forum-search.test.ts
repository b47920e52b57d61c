import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forumSearchMatch } from "./forum-search";

const scope = { communityId: "scry-gather" };
const words = (match: string | null) => /\{title content\} : \((.*)\)$/u.exec(match ?? "")?.[1] ?? null;

describe("forumSearchMatch", () => {
  it("requires every word in the title or the content, within the community and category", () => {
    expect(forumSearchMatch("post 12", scope)).toBe('community_id : "scry-gather" AND {title content} : ("post" "12")');
    expect(forumSearchMatch("  deck   tech ", { communityId: "decksong", category: "deck-tech" })).toBe(
      'community_id : "decksong" AND category : "deck-tech" AND {title content} : ("deck" "tech")',
    );
  });

  it("quotes every word, so none is FTS5 syntax", () => {
    expect(words(forumSearchMatch('title:x OR y NEAR(a b) c* ^d "e', scope))).toBe('"title:x" "OR" "y" "NEAR(a" "b)" "c*" "^d" """e"');
  });

  it("keeps words of any script and drops words without a letter or a digit", () => {
    expect(words(forumSearchMatch("Café ドラゴン !!! -- 🎲", scope))).toBe('"Café" "ドラゴン"');
    expect(words(forumSearchMatch("don't", scope))).toBe('"don\'t"');
  });

  it("splits words at control characters and lone surrogates, which would end FTS5's string early", () => {
    expect(words(forumSearchMatch("deck\u0000tech \ud800x", scope))).toBe('"deck" "tech" "x"');
    // A community or category from an edited URL with such a character matches nothing (fuzz-api's counterexample).
    expect(forumSearchMatch("0", { communityId: "\u0000\uffff" })).toBeNull();
  });

  it("is null when nothing searchable is left", () => {
    for (const q of ["", "   ", "!!!", '"', "* ( ) :", "🎲🎲", "-- ^"]) expect(forumSearchMatch(q, scope)).toBeNull();
  });

  it("always yields balanced quoted strings (no text escapes a quote)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (q) => {
        const match = words(forumSearchMatch(q, scope));
        if (match === null) return;
        // Each phrase: a quote, then characters where quotes come only in pairs, then a quote.
        expect(match).toMatch(/^"(?:[^"]|"")*"(?: "(?:[^"]|"")*")*$/u);
      }),
    );
  });
});
