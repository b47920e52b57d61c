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
