/**
 * Showing instants to people: in a given IANA zone, with the zone named, and
 * relative to now ("in 2 days", "3 hours ago"). Pure, `Intl` only, one fixed
 * locale so the server render and the browser's first render agree.
 */
const LOCALE = "en-US";

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

export type ZonedParts = { day: string; time: string; timeZone: string };

/** "Tue, Dec 1, 2026", "18:00" and the zone's IANA name: `at` (epoch ms) on the wall clock of `timeZone`. */
export function formatInZone(at: number, timeZone: string): ZonedParts {
  const day = cached(dayFormats, timeZone, { weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(at);
  const time = cached(timeFormats, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return { day, time, timeZone };
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "in 2 days", "in 3 hours", "5 minutes ago", "now", "tomorrow": how far `at`
 * is from `now`, in the largest whole unit. Null past 30 days either way,
 * where the date itself says more.
 */
export function relativeTime(at: number, now: number): string | null {
  const diff = at - now;
  const size = Math.abs(diff);
  if (!Number.isFinite(diff) || size > 30 * DAY) return null;
  const sign = Math.sign(diff);
  if (size < MINUTE) return relative.format(0, "second");
  if (size < HOUR) return relative.format(sign * Math.floor(size / MINUTE), "minute");
  if (size < DAY) return relative.format(sign * Math.floor(size / HOUR), "hour");
  return relative.format(sign * Math.floor(size / DAY), "day");
}

/** The browser's own IANA zone ("UTC" where the runtime does not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

const isoDayFormats = new Map<string, Intl.DateTimeFormat>();

/** The yyyy-mm-dd date `at` (epoch ms) falls on, on the wall clock of `timeZone`. */
export function dayInZone(at: number, timeZone: string): string {
  const parts = cached(isoDayFormats, timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
