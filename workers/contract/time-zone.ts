import { z } from "../lib/zod";

/**
 * IANA time zone names ("Europe/Berlin", "America/Argentina/Buenos_Aires",
 * "UTC"). Offsets such as "+01:00" are refused: an event keeps a zone, so its
 * wall time follows daylight saving changes.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The runtime's canonical spelling of a zone it knows ("utc" → "UTC"), or null for anything else. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const DEFAULT_TIME_ZONE = "UTC";

/** A time zone field: a known IANA name, stored in the runtime's canonical spelling. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64, "Use an IANA time zone name such as Europe/Berlin")
  .refine((v) => canonicalTimeZone(v) !== null, "Unknown time zone: use an IANA name such as Europe/Berlin")
  .overwrite((v) => canonicalTimeZone(v) ?? v)
  .meta({ description: "IANA time zone name, e.g. Europe/Berlin", example: "Europe/Berlin" });
