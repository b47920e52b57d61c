import { useEffect, useState } from "react";
import { formatStartDate } from "./tournament-format";

/** Renders UTC on the server and the member's local time once hydrated (no mismatch). */
export function StartDate({ iso }: { iso: string }) {
  const [zone, setZone] = useState<"utc" | "local">("utc");
  useEffect(() => setZone("local"), []);
  return <time dateTime={iso}>{formatStartDate(iso, zone)}</time>;
}
