/**
 * Month-grid arithmetic for the calendar tab. Dates are yyyy-mm-dd strings and
 * months yyyy-mm strings, both read as UTC like the events themselves.
 */

const DAY_MS = 86_400_000;

function parseDay(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isMonth(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1970 && year <= 9999;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function todayUtc(now = Date.now()): string {
  return formatDay(now);
}

export function addDays(date: string, days: number): string {
  return formatDay(parseDay(date) + days * DAY_MS);
}

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** The 42 days (6 weeks, Sunday first) shown for a month, padded with the neighbouring months. */
export function monthGrid(month: string): string[] {
  const first = parseDay(`${month}-01`);
  const start = first - new Date(first).getUTCDay() * DAY_MS;
  return Array.from({ length: 42 }, (_, i) => formatDay(start + i * DAY_MS));
}

/** The day a keyboard move lands on: arrows move by a day or a week, Home/End to the week's ends. */
export function moveFocus(date: string, key: string): string | null {
  const weekday = new Date(parseDay(date)).getUTCDay();
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -weekday);
    case "End":
      return addDays(date, 6 - weekday);
    default:
      return null;
  }
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export const monthLabel = (month: string) => monthFormat.format(parseDay(`${month}-01`));
export const dayLabel = (date: string) => dayFormat.format(parseDay(date));
export const shortDayLabel = (date: string) => shortDayFormat.format(parseDay(date));
