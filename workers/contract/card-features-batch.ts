// The answer of `GET /api/cards/printings/features/{version}?ids=…` (issue 36): the keypoints of the printings a
// click's second step fits, in one binary body, each asked id with its keypoints (card-vision's encodeFeatures bytes,
// ~9.8 KB) or why it has none. Written by the Worker (workers/api/cards.ts), read by the page
// (app/components/room/card-identify/references.ts): one module, so both sides read one format.
//
// Layout, little-endian: "RCKB", u16 format (1), u16 count; then per asked id, in the order asked: its 16 bytes (the
// UUID's hex digits as bytes), a u8 status, a u32 length and that many bytes of keypoints (length 0 unless present).
import { bytesToHex } from "../lib/hex";

/** At most how many printings one request asks for (the page's MAX_FIT_PRINTINGS: a click's fit candidates). */
export const MAX_FEATURES_PER_REQUEST = 32;

/** What the answer says of one asked printing. */
export const FEATURES_STATUS = {
  /** Its keypoints follow. */
  present: 0,
  /** None now or later: no deck or pool has this printing, or its picture cannot be read (noted for a day). */
  none: 1,
  /** Not made in this request (past its allowance of new ones, or the image host cannot be reached): ask again. */
  later: 2,
} as const;
export type FeaturesStatus = keyof typeof FEATURES_STATUS;

export type FeaturesEntry =
  { id: string; status: "present"; bytes: Uint8Array } | { id: string; status: Exclude<FeaturesStatus, "present"> };

const MAGIC = [0x52, 0x43, 0x4b, 0x42]; // "RCKB"
const FORMAT = 1;
const HEADER = 8;
const ENTRY_HEADER = 16 + 1 + 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STATUS_NAMES = Object.fromEntries(Object.entries(FEATURES_STATUS).map(([name, code]) => [code, name])) as Record<
  number,
  FeaturesStatus
>;

function idBytes(id: string): Uint8Array {
  const lower = id.toLowerCase();
  if (!UUID.test(lower)) throw new Error(`Not a printing id: ${id}`);
  const hex = lower.replaceAll("-", "");
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function idText(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body for these entries (in the order given). */
export function encodeFeaturesBatch(entries: FeaturesEntry[]): Uint8Array<ArrayBuffer> {
  if (entries.length > MAX_FEATURES_PER_REQUEST) throw new Error("Too many printings for one answer");
  const size = entries.reduce((sum, e) => sum + ENTRY_HEADER + (e.status === "present" ? e.bytes.byteLength : 0), HEADER);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint16(4, FORMAT, true);
  view.setUint16(6, entries.length, true);
  let at = HEADER;
  for (const entry of entries) {
    out.set(idBytes(entry.id), at);
    view.setUint8(at + 16, FEATURES_STATUS[entry.status]);
    const bytes = entry.status === "present" ? entry.bytes : new Uint8Array(0);
    view.setUint32(at + 17, bytes.byteLength, true);
    out.set(bytes, at + ENTRY_HEADER);
    at += ENTRY_HEADER + bytes.byteLength;
  }
  return out;
}

/**
 * The entries of a body (each present one's keypoints copied into a buffer of its own, so it can be transferred to
 * a worker alone). Throws on anything that is not this format: a body is checked, never trusted.
 */
export function decodeFeaturesBatch(body: ArrayBuffer): { id: string; status: FeaturesStatus; bytes?: ArrayBuffer }[] {
  const bytes = new Uint8Array(body);
  const view = new DataView(body);
  if (bytes.byteLength < HEADER || MAGIC.some((b, i) => bytes[i] !== b) || view.getUint16(4, true) !== FORMAT) {
    throw new Error("Not a keypoint batch");
  }
  const count = view.getUint16(6, true);
  if (count > MAX_FEATURES_PER_REQUEST) throw new Error("A keypoint batch of too many printings");
  const out: { id: string; status: FeaturesStatus; bytes?: ArrayBuffer }[] = [];
  let at = HEADER;
  for (let i = 0; i < count; i++) {
    if (at + ENTRY_HEADER > bytes.byteLength) throw new Error("A keypoint batch cut short");
    const status = STATUS_NAMES[view.getUint8(at + 16)];
    const length = view.getUint32(at + 17, true);
    if (!status || (status !== "present" && length !== 0)) throw new Error("A keypoint batch's entry is malformed");
    const start = at + ENTRY_HEADER;
    if (start + length > bytes.byteLength) throw new Error("A keypoint batch cut short");
    const id = idText(bytes.subarray(at, at + 16));
    out.push(status === "present" ? { id, status, bytes: body.slice(start, start + length) } : { id, status });
    at = start + length;
  }
  if (at !== bytes.byteLength) throw new Error("A keypoint batch with bytes left over");
  return out;
}
