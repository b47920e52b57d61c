import { describe, expect, it } from "vitest";
import { formatLabel, formatStartDate, organizerName, percent, statusTone } from "./tournament-format";

describe("tournament display helpers", () => {
  it("formats the start date as 'MMM dd, HH:mm'", () => {
    expect(formatStartDate("2030-05-01T08:05:00.000Z", "utc")).toBe("May 01, 08:05");
    expect(formatStartDate("2030-12-24T19:30:00.000Z", "utc")).toBe("Dec 24, 19:30");
  });

  it("maps statuses to the spec's badges", () => {
    expect(statusTone("upcoming")).toBe("default");
    expect(statusTone("active")).toBe("destructive");
    expect(statusTone("completed")).toBe("secondary");
    expect(statusTone("cancelled")).toBe("outline");
  });

  it("labels formats, including the display-only ones", () => {
    expect(formatLabel("commander")).toBe("Commander/EDH");
    expect(formatLabel("yugioh-advanced")).toBe("Yu-Gi-Oh Advanced");
    expect(formatLabel("homebrew")).toBe("homebrew");
  });

  it("names the organizer by username, else first name", () => {
    expect(organizerName({ organizer: { id: "1", username: "alexcasts", firstName: "Alex" } })).toBe("alexcasts");
    expect(organizerName({ organizer: { id: "1", username: null, firstName: "Alex" } })).toBe("Alex");
  });

  it("shows fractions as percentages", () => {
    expect(percent(0.6667)).toBe("66.67%");
  });
});
