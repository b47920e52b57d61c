import { describe, expect, it } from "vitest";
import { addDays, dayLabel, isMonth, monthGrid, monthLabel, moveFocus, shiftMonth } from "./month";

describe("month grid", () => {
  it("starts on the Sunday on or before the 1st and spans 42 days", () => {
    const grid = monthGrid("2026-11"); // Nov 1 2026 is a Sunday
    expect(grid[0]).toBe("2026-11-01");
    expect(grid[41]).toBe("2026-12-12");
    const feb = monthGrid("2027-02"); // Feb 1 2027 is a Monday
    expect(feb[0]).toBe("2027-01-31");
    expect(feb).toContain("2027-02-28");
    expect(new Set(feb).size).toBe(42);
  });

  it("shifts months across years and moves focus by keys", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(moveFocus("2026-11-25", "ArrowDown")).toBe("2026-12-02");
    expect(moveFocus("2026-11-25", "Home")).toBe("2026-11-22");
    expect(moveFocus("2026-11-25", "End")).toBe("2026-11-28");
    expect(moveFocus("2026-11-25", "a")).toBeNull();
  });

  it("validates and labels months", () => {
    expect(isMonth("2026-11")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth("26-11")).toBe(false);
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(dayLabel("2026-11-22")).toBe("Sunday, November 22, 2026");
  });
});
