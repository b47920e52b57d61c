import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, formatUtc, parseIcs, unescapeText, type IcsEvent } from "./ics";

const base: IcsEvent = {
  uid: "event-1@realmcast",
  title: "Commander night; bring decks, sleeves\\dice",
  description: "Line one\nLine two",
  location: "Discord, voice #3",
  startsAt: Date.UTC(2026, 10, 22, 19, 0),
  durationMinutes: 120,
  updatedAt: Date.UTC(2026, 10, 1, 8, 30),
};

describe("escapeText", () => {
  it("escapes the four TEXT specials and round-trips", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(unescapeText(escapeText(s))).toBe(s.replace(/\r\n|\r/g, "\n"));
      }),
    );
  });
});

describe("foldLine", () => {
  it("keeps every physical line within 75 octets without splitting characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (s) => {
        const folded = foldLine(`SUMMARY:${s}`);
        for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${s}`);
      }),
    );
  });
});

describe("buildCalendar", () => {
  it("writes a VCALENDAR with CRLF, UID, DTSTAMP, DTSTART that parses back", () => {
    const now = Date.UTC(2026, 10, 22, 7, 0, 5);
    const text = buildCalendar({ name: "Realmcast", events: [base, { ...base, uid: "event-2@realmcast", description: null }], now });
    expect(text.endsWith("\r\n")).toBe(true);
    const root = parseIcs(text);
    const [calendar] = root.children;
    expect(calendar.name).toBe("VCALENDAR");
    expect(calendar.properties).toMatchObject({ VERSION: "2.0", PRODID: "-//Realmcast//Event Calendar//EN" });
    expect(calendar.children).toHaveLength(2);
    const [first, second] = calendar.children;
    expect(first.properties).toMatchObject({
      UID: "event-1@realmcast",
      DTSTAMP: "20261122T070005Z",
      DTSTART: "20261122T190000Z",
      DURATION: "PT2H0M",
      SUMMARY: base.title,
      DESCRIPTION: "Line one\nLine two",
      LOCATION: "Discord, voice #3",
    });
    expect(second.properties.DESCRIPTION).toBeUndefined();
  });

  it("round-trips long, non-ASCII titles through folding", () => {
    const title = "Turnier der Drachenreiter – Lorcana ✨ ".repeat(6);
    const root = parseIcs(buildCalendar({ name: "x", events: [{ ...base, title }], now: 0 }));
    expect(root.children[0].children[0].properties.SUMMARY).toBe(title);
  });

  it("formats UTC date-times", () => {
    expect(formatUtc(Date.UTC(2027, 0, 2, 3, 4, 5))).toBe("20270102T030405Z");
  });
});

describe("parseIcs", () => {
  it("rejects bare LF line ends and unbalanced components", () => {
    expect(() => parseIcs("BEGIN:VCALENDAR\nEND:VCALENDAR\n")).toThrow();
    expect(() => parseIcs("BEGIN:VCALENDAR\r\n")).toThrow();
  });
});
