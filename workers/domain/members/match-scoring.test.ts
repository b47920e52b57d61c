import { describe, expect, it } from "vitest";
import { rankCandidates, scoreMatch, SCORE_WEIGHTS, type ScoringCandidate, type ScoringSearch } from "./match-scoring";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const search: ScoringSearch = {
  selectedGames: ["Magic"],
  selectedFormats: ["commander"],
  powerLevelMin: 5,
  powerLevelMax: 8,
  playstyle: "focused",
  location: "Berlin, Germany",
  onlineOnly: false,
  availability: "weekends",
  language: "english",
};

function candidate(id: string, overrides: Partial<ScoringCandidate> = {}): ScoringCandidate {
  return {
    id,
    selectedGames: ["Magic"],
    selectedFormats: ["commander"],
    powerLevelMin: 5,
    powerLevelMax: 8,
    playstyle: "focused",
    location: "Berlin, Germany",
    availability: "weekends",
    language: "english",
    lastActiveAt: NOW - MINUTE,
    isOnline: true,
    ...overrides,
  };
}

describe("scoreMatch", () => {
  it("weights add up to 100", () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("gives a perfect twin 100 and names every shared interest", () => {
    const { score, commonInterests } = scoreMatch(search, candidate("twin"), NOW);
    expect(score).toBe(100);
    expect(commonInterests).toEqual([
      "Magic",
      "Commander/EDH",
      "Power level 5-8",
      "Focused playstyle",
      "Available weekends",
      "English",
      "Near Berlin, Germany",
    ]);
  });

  it("scores a candidate sharing nothing but one of two games low", () => {
    const { score, commonInterests } = scoreMatch(
      { ...search, selectedGames: ["Magic", "Pokemon"], selectedFormats: ["commander", "pokemon-standard"] },
      candidate("far", {
        selectedGames: ["Pokemon"],
        selectedFormats: ["pokemon-expanded"],
        powerLevelMin: 1,
        powerLevelMax: 2,
        playstyle: "competitive",
        location: "Lima, Peru",
        availability: "daytime",
        language: "spanish",
        lastActiveAt: NOW - 90 * DAY,
      }),
      NOW,
    );
    expect(score).toBe(15); // half the games points only
    expect(commonInterests).toEqual(["Pokemon"]);
  });

  it("stays within 0..100 and is deterministic", () => {
    const c = candidate("x", { powerLevelMin: 7, powerLevelMax: 10, playstyle: "any" });
    const a = scoreMatch(search, c, NOW);
    expect(scoreMatch(search, c, NOW)).toEqual(a);
    expect(a.score).toBeGreaterThanOrEqual(0);
    expect(a.score).toBeLessThanOrEqual(100);
  });

  it("counts power overlap proportionally to the searcher's range", () => {
    const full = scoreMatch(search, candidate("a", { powerLevelMin: 1, powerLevelMax: 10 }), NOW).score;
    const half = scoreMatch(search, candidate("b", { powerLevelMin: 7, powerLevelMax: 10 }), NOW).score;
    const none = scoreMatch(search, candidate("c", { powerLevelMin: 9, powerLevelMax: 10 }), NOW).score;
    expect(full - half).toBe(10);
    expect(full - none).toBe(20);
  });

  it("an online-only search rewards being online instead of the location", () => {
    const onlineSearch = { ...search, onlineOnly: true, location: "" };
    const online = scoreMatch(onlineSearch, candidate("on", { location: "Elsewhere" }), NOW);
    const offline = scoreMatch(onlineSearch, candidate("off", { isOnline: false }), NOW);
    expect(online.commonInterests).toContain("Online now");
    expect(online.score - offline.score).toBe(SCORE_WEIGHTS.place);
  });

  it("half the format points when either side chose no format", () => {
    const open = scoreMatch({ ...search, selectedFormats: [] }, candidate("a"), NOW).score;
    expect(open).toBe(100 - SCORE_WEIGHTS.formats / 2);
  });

  it("scores a member who hides their online status like one active earlier today, never as online now", () => {
    const hidden = candidate("hidden", { hidesOnlineStatus: true, isOnline: false, lastActiveAt: NOW - MINUTE });
    const activeToday = candidate("today", { isOnline: false, lastActiveAt: NOW - 3 * 60 * MINUTE });
    expect(scoreMatch(search, hidden, NOW).score).toBe(scoreMatch(search, activeToday, NOW).score);
    expect(scoreMatch(search, hidden, NOW).score).toBe(100 - 1);
    const onlineSearch = { ...search, onlineOnly: true };
    expect(scoreMatch(onlineSearch, hidden, NOW).commonInterests).not.toContain("Online now");
  });
});

describe("rankCandidates (hand-written orderings)", () => {
  it("orders by compatibility: twin, then neighbours, then strangers", () => {
    const ranked = rankCandidates(
      search,
      [
        candidate("stranger", {
          selectedFormats: ["draft"],
          powerLevelMin: 1,
          powerLevelMax: 3,
          playstyle: "competitive",
          location: "",
          language: "french",
        }),
        candidate("casual-neighbour", { playstyle: "casual", availability: "any" }),
        candidate("twin"),
        candidate("any-style", { playstyle: "any" }),
        candidate("same-region", { location: "Munich, Germany" }),
      ],
      NOW,
      20,
    );
    expect(ranked.map((r) => r.id)).toEqual(["twin", "same-region", "any-style", "casual-neighbour", "stranger"]);
  });

  it("breaks ties by recent activity, then by id", () => {
    const ranked = rankCandidates(
      search,
      [
        candidate("b", { lastActiveAt: NOW - 2 * MINUTE }),
        candidate("c", { lastActiveAt: NOW - 3 * MINUTE }),
        candidate("a", { lastActiveAt: NOW - 2 * MINUTE }),
      ],
      NOW,
      20,
    );
    expect(ranked.map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("prefers a member active today over one gone for a month, all else equal", () => {
    const ranked = rankCandidates(
      search,
      [candidate("gone", { lastActiveAt: NOW - 20 * DAY }), candidate("today", { lastActiveAt: NOW - 3 * 60 * MINUTE })],
      NOW,
      20,
    );
    expect(ranked.map((r) => [r.id, r.score])).toEqual([
      ["today", 99],
      ["gone", 96],
    ]);
  });

  it("keeps only the best `limit`", () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      candidate(`m${String(i).padStart(2, "0")}`, { powerLevelMin: 1 + (i % 10), powerLevelMax: 10 }),
    );
    const ranked = rankCandidates(search, many, NOW, 20);
    expect(ranked).toHaveLength(20);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].score).toBeGreaterThanOrEqual(ranked[i].score);
  });
});

describe("power between Commander players (brackets)", () => {
  it("compares the brackets two 1-10 ranges cover when both play Commander", () => {
    const upgraded = { ...search, powerLevelMin: 5, powerLevelMax: 6 };
    // 6-7 covers Upgraded (3) and Optimized (4): the searcher's one bracket is covered in full.
    const commander = scoreMatch(upgraded, candidate("c", { powerLevelMin: 6, powerLevelMax: 7 }), NOW).score;
    const twin = scoreMatch(upgraded, candidate("t", { powerLevelMin: 5, powerLevelMax: 6 }), NOW).score;
    expect(commander).toBe(twin);
    // The same ranges in Modern compare levels: 6 of 5-6 is half the power points.
    const modern = { ...upgraded, selectedFormats: ["modern"] };
    const modernScore = scoreMatch(modern, candidate("m", { selectedFormats: ["modern"], powerLevelMin: 6, powerLevelMax: 7 }), NOW).score;
    const modernTwin = scoreMatch(modern, candidate("n", { selectedFormats: ["modern"], powerLevelMin: 5, powerLevelMax: 6 }), NOW).score;
    expect(modernTwin - modernScore).toBe(SCORE_WEIGHTS.power / 2);
  });

  it("gives no power points when the brackets do not meet", () => {
    const low = scoreMatch(search, candidate("l", { powerLevelMin: 1, powerLevelMax: 4 }), NOW);
    const twin = scoreMatch(search, candidate("t"), NOW);
    expect(twin.score - low.score).toBe(SCORE_WEIGHTS.power);
  });
});
