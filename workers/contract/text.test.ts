import { describe, expect, it } from "vitest";
import { z } from "../lib/zod";
import { cleanSingleLine, MAX_COMBINING_MARKS, multiLine, singleLine, TEXT_MESSAGES, textProblem } from "./text";

const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const ZERO_WIDTH = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"];

describe("textProblem", () => {
  // Direction marks (U+200E, U+200F, U+061C) are accepted in bodies only since issue 23: see below.
  it("accepts ordinary text in many scripts and emoji sequences", () => {
    for (const value of [
      "Ada Lovelace",
      "Zoë",
      "José María",
      "李小龍",
      "أحمد",
      "שלום",
      "Grüße ✨",
      "👨\u200D👩\u200D👧 family",
      "e\u0301",
      "Deck-Tech: 60 cards",
      "",
      "   ",
    ]) {
      expect(textProblem(value, "single-line"), JSON.stringify(value)).toBeNull();
      expect(textProblem(value, "multi-line"), JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses every bidirectional embedding, override and isolate, in both kinds", () => {
    for (const c of BIDI) {
      expect(textProblem(`gpj${c}.exe`, "single-line")).toBe(TEXT_MESSAGES.bidi);
      expect(textProblem(`line one\n${c}line two`, "multi-line")).toBe(TEXT_MESSAGES.bidi);
    }
  });

  it("refuses C0, DEL, C1 and the Unicode separators on one line, including tabs and line breaks", () => {
    for (const c of [
      "\0",
      "\x01",
      "\x07",
      "\b",
      "\t",
      "\n",
      "\v",
      "\f",
      "\r",
      "\x1B",
      "\x1F",
      "\x7F",
      "\x80",
      "\x85",
      "\x9F",
      "\u2028",
      "\u2029",
    ]) {
      expect(textProblem(`a${c}b`, "single-line"), JSON.stringify(c)).toBe(TEXT_MESSAGES.lineControl);
    }
  });

  it("keeps \\n and \\t in bodies but refuses every other control character", () => {
    expect(textProblem("Line one\nLine two\n\tindented", "multi-line")).toBeNull();
    for (const c of ["\0", "\x07", "\b", "\v", "\f", "\r", "\x1B", "\x7F", "\x85", "\x9F", "\u2028", "\u2029"]) {
      expect(textProblem(`a${c}b`, "multi-line"), JSON.stringify(c)).toBe(TEXT_MESSAGES.bodyControl);
    }
  });

  it("refuses values made only of invisible characters, but not invisible characters inside text", () => {
    const invisible = [
      ...ZERO_WIDTH,
      ZERO_WIDTH.join(""),
      "\u200B \u200B",
      "\u0301",
      "\u0301\u0302",
      "\u3164",
      "\u115F\u1160",
      "\u2800",
      "\u00AD",
      "\u200E",
    ];
    for (const value of invisible) {
      expect(textProblem(value, "single-line"), JSON.stringify(value)).toBe(TEXT_MESSAGES.invisible);
      expect(textProblem(value, "multi-line"), JSON.stringify(value)).toBe(TEXT_MESSAGES.invisible);
    }
    expect(textProblem("\u200B\n\u200B", "multi-line")).toBe(TEXT_MESSAGES.invisible);
    for (const c of ZERO_WIDTH) expect(textProblem(`a${c}b`, "single-line")).toBeNull();
  });

  it("refuses direction marks in one-line fields, keeps them in bodies", () => {
    for (const mark of ["\u200E", "\u200F", "\u061C"]) {
      expect(textProblem(`Ann${mark}Lee`, "single-line"), JSON.stringify(mark)).toBe(TEXT_MESSAGES.bidiMark);
      expect(textProblem(`שלום${mark} world`, "multi-line"), JSON.stringify(mark)).toBeNull();
    }
    expect(textProblem("أحمد", "single-line")).toBeNull();
  });

  it(`refuses more than ${MAX_COMBINING_MARKS} combining marks on one character, in any field`, () => {
    const pile = (n: number) => `Z${"\u0301".repeat(n)}algo`;
    for (const kind of ["single-line", "multi-line"] as const) {
      expect(textProblem(pile(MAX_COMBINING_MARKS), kind)).toBeNull();
      expect(textProblem(pile(MAX_COMBINING_MARKS + 1), kind)).toBe(TEXT_MESSAGES.markPile);
      expect(textProblem(pile(45), kind)).toBe(TEXT_MESSAGES.markPile);
    }
    // Real writing stays fine: Vietnamese, pointed Hebrew, Thai, a decomposed é.
    for (const word of ["Việt Nam", "Tiếng", "שָׁלוֹם", "น้ำ", "e\u0301te\u0301"]) expect(textProblem(word, "single-line"), word).toBeNull();
  });

  it("refuses unpaired surrogates but not astral characters", () => {
    expect(textProblem("a\uD800b", "single-line")).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem("\uDC00", "multi-line")).toBe(TEXT_MESSAGES.surrogate);
    expect(textProblem("🂡 ace", "single-line")).toBeNull();
  });
});

describe("singleLine and multiLine schemas", () => {
  const body = z.object({
    title: singleLine({ min: 1, max: 10, required: "Title is required", tooLong: "Too long" }),
    note: multiLine({ max: 20 }).optional(),
  });
  const issues = (value: unknown) => {
    const result = body.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
  };

  it("trims, then checks length and characters", () => {
    expect(body.parse({ title: "  Hello  ", note: " a\nb " })).toEqual({ title: "Hello", note: "a\nb" });
    expect(issues({ title: "   " })).toEqual([{ path: ["title"], message: "Title is required" }]);
    expect(issues({ title: "x".repeat(11) })).toEqual([{ path: ["title"], message: "Too long" }]);
    expect(issues({ title: "" })).toEqual([{ path: ["title"], message: "Title is required" }]);
  });

  it("names the field in the issue for each kind of bad character", () => {
    expect(issues({ title: "a\u202Eb" })).toEqual([{ path: ["title"], message: TEXT_MESSAGES.bidi }]);
    expect(issues({ title: "a\tb" })).toEqual([{ path: ["title"], message: TEXT_MESSAGES.lineControl }]);
    expect(issues({ title: "\u200B" })).toEqual([{ path: ["title"], message: TEXT_MESSAGES.invisible }]);
    expect(issues({ title: "ok", note: "a\x00b" })).toEqual([{ path: ["note"], message: TEXT_MESSAGES.bodyControl }]);
    expect(issues({ title: "ok", note: "\u2066hi" })).toEqual([{ path: ["note"], message: TEXT_MESSAGES.bidi }]);
  });

  it("allows an empty optional body but not an invisible one", () => {
    expect(body.parse({ title: "t", note: "   " })).toEqual({ title: "t", note: "" });
    expect(issues({ title: "t", note: "\u2060" })).toEqual([{ path: ["note"], message: TEXT_MESSAGES.invisible }]);
  });

  it("still documents as a plain string in JSON Schema", () => {
    expect(z.toJSONSchema(singleLine({ min: 1, max: 10 }), { io: "input" })).toMatchObject({ type: "string", minLength: 1, maxLength: 10 });
  });
});

describe("cleanSingleLine (values from OAuth providers)", () => {
  it("removes control and bidi characters, trims and cuts to the limit", () => {
    expect(cleanSingleLine("  Ada\u202E Lovelace\n ", 50)).toBe("Ada Lovelace");
    expect(cleanSingleLine("x".repeat(80), 50)).toBe("x".repeat(50));
    expect(cleanSingleLine("Zoë 👩‍💻", 50)).toBe("Zoë 👩‍💻");
  });

  it("gives null when nothing visible is left", () => {
    expect(cleanSingleLine("\u200B\u200B", 50)).toBeNull();
    expect(cleanSingleLine("\u0000\u202E", 50)).toBeNull();
    expect(cleanSingleLine(null, 50)).toBeNull();
  });
});
