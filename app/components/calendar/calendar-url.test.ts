import { describe, expect, it } from "vitest";
import { calendarLocation, dialogOf, sameView, withoutDialogs } from "./calendar-url";

const params = (search: string) => new URLSearchParams(search);

describe("dialogOf", () => {
  it("reads which dialog the URL opens", () => {
    expect(dialogOf(params("realm=duelcraft&create=1"))).toEqual({ kind: "create" });
    expect(dialogOf(params("edit=e1"))).toEqual({ kind: "edit", id: "e1" });
    expect(dialogOf(params("delete=e1&edit=e1"))).toEqual({ kind: "delete", id: "e1" });
    expect(dialogOf(params("create=yes"))).toBeNull();
    expect(dialogOf(params("month=2030-01"))).toBeNull();
  });
});

describe("withoutDialogs and sameView", () => {
  it("drop only the dialog parameters", () => {
    expect(withoutDialogs(params("realm=a&create=1&month=2030-01&edit=x&delete=y")).toString()).toBe("realm=a&month=2030-01");
  });

  it("compare what the page shows, whatever dialog is open", () => {
    const url = (search: string) => new URL(`http://localhost/calendar?${search}`);
    expect(sameView(url("realm=a&month=2030-01"), url("month=2030-01&realm=a&create=1"))).toBe(true);
    expect(sameView(url("realm=a"), url("realm=b&create=1"))).toBe(false);
    expect(sameView(url("realm=a"), new URL("http://localhost/matchmaking?realm=a"))).toBe(false);
  });
});

describe("calendarLocation", () => {
  it("goes back to the page posted from with dialogs closed, optionally to a month and focused event", () => {
    expect(calendarLocation("http://localhost/calendar?realm=a&create=1", { month: "2030-02", event: "e1" })).toBe(
      "/calendar?realm=a&month=2030-02&event=e1",
    );
    expect(calendarLocation("http://localhost/calendar?event=e1&delete=e1", { event: null })).toBe("/calendar");
    expect(calendarLocation("http://localhost/calendar?realm=a&month=2030-01")).toBe("/calendar?realm=a&month=2030-01");
  });

  it("never leaves the calendar, whatever the posted path", () => {
    expect(calendarLocation("//evil.example/x?realm=a")).toBe("/calendar?realm=a");
  });
});
