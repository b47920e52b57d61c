/**
 * How an event's start is entered and stored. A creator enters `date` and
 * `time` as the wall clock of the event's own time zone (the zone it was
 * created in); `startsAt` is the instant that wall time names, computed with
 * @date-fns/tz (IANA rules, daylight saving included). Everything that needs a
 * moment (ordering, "upcoming", `.ics`, the viewer's own local time) reads
 * `startsAt`; `date`/`time` stay the spec's Event fields in the event's zone.
 * See docs/decisions/2026-11-23-event-time-zones.md.
 */
import { TZDate } from "@date-fns/tz";

/**
 * The instant (epoch ms) of `date` (yyyy-mm-dd) at `time` (HH:mm) in `timeZone`.
 * A wall time skipped by a daylight saving jump moves forward by the jump
 * (02:30 on a spring-forward night reads as 03:30); a repeated one reads as its
 * first occurrence, the library's rule.
 */
export function startsAtFromWallTime(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new TZDate(y, m - 1, d, hh, mm, timeZone).getTime();
}

/** The calendar day (yyyy-mm-dd) `instant` falls on in `timeZone`. */
export function dayInZone(instant: number, timeZone: string): string {
  const at = new TZDate(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export const START_DAY_PASSED = "This day has passed: events, pods and tournaments start in the future";
export const START_TIME_PASSED = "This time has passed today: choose a later time";

/**
 * Why a start of `date` at `time` in `timeZone` cannot be saved at `now`, as a zod-style issue on the field to fix
 * (the date when its day is over in the event's zone, else the time), or null when it lies in the future. An event
 * that has started can no longer be joined (events.ts), so saving one would make an event nobody can join.
 */
export function pastStartIssue(
  start: { date: string; time: string; timeZone: string },
  now: number,
): { path: ["date"] | ["time"]; message: string } | null {
  if (startsAtFromWallTime(start.date, start.time, start.timeZone) > now) return null;
  return start.date < dayInZone(now, start.timeZone)
    ? { path: ["date"], message: START_DAY_PASSED }
    : { path: ["time"], message: START_TIME_PASSED };
}
