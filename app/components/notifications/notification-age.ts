const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec 000 §2: under 1 hour in minutes, under 24 hours in hours, otherwise the date. */
export function formatNotificationAge(timestamp: string, now: number, locale?: string): string {
  const at = Date.parse(timestamp);
  const age = Math.max(0, now - at);
  if (age < HOUR) {
    const minutes = Math.floor(age / MINUTE);
    return minutes <= 0 ? "Just now" : `${minutes}m ago`;
  }
  if (age < 24 * HOUR) return `${Math.floor(age / HOUR)}h ago`;
  return new Date(at).toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}
