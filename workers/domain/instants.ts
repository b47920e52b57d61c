/** How the API writes a stored instant (epoch ms in D1): an ISO 8601 string, and null for "never". */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();

export const isoInstantOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : isoInstant(ms));
