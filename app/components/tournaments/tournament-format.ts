/** Display helpers of the Tournament Hub (spec 001 §2, §3, §4). Browser-safe. */
import { playsInPods } from "../../../workers/contract/tournaments";
import type { TournamentCard } from "../../../workers/domain/tournaments/tournaments";

export const FORMAT_LABELS: Record<string, string> = {
  commander: "Commander/EDH",
  standard: "Standard",
  modern: "Modern",
  draft: "Draft",
  "pokemon-standard": "Pokemon Standard",
  "lorcana-constructed": "Lorcana Constructed",
  legacy: "Legacy",
  "pokemon-expanded": "Pokemon Expanded",
  "yugioh-advanced": "Yu-Gi-Oh Advanced",
};

export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format;
}

/** Spec 001 §4: upcoming default, active destructive, completed secondary, anything else outline. */
export function statusTone(status: string): "default" | "destructive" | "secondary" | "outline" {
  if (status === "upcoming") return "default";
  if (status === "active") return "destructive";
  if (status === "completed") return "secondary";
  return "outline";
}

export const PAIRING_LABELS: Record<string, string> = { swiss: "Swiss", single_elimination: "Single elimination" };

/**
 * How a tournament pairs, as its page says it: a format played in pods plays Swiss pods with a top cut (the
 * detail's `pods` says so for a tournament that began as matches before pods existed).
 */
export function pairingLabel(t: Pick<TournamentCard, "pairing" | "gameFormat"> & { pods?: boolean }): string {
  return (t.pods ?? playsInPods(t.gameFormat)) ? "Swiss pods" : (PAIRING_LABELS[t.pairing] ?? t.pairing);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** 'MMM dd, HH:mm' (spec 001 §2), in local time or, for the server render, UTC. */
export function formatStartDate(iso: string, zone: "local" | "utc" = "local"): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return zone === "utc"
    ? `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
    : `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Organizer as the card shows it: username, else first name. */
export function organizerName(card: Pick<TournamentCard, "organizer">): string {
  return card.organizer.username || card.organizer.firstName || "Unknown";
}

export function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(2)}%`;
}
