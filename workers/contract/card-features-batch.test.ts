import { describe, expect, it } from "vitest";
import { decodeFeaturesBatch, encodeFeaturesBatch, MAX_FEATURES_PER_REQUEST } from "./card-features-batch";

const A = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const B = "ffffffff-0000-4000-8000-000000000001";
const C = "12345678-9abc-4def-8012-3456789abcde";

describe("the keypoint batch's format", () => {
  it("carries each id in order with its keypoints or why it has none, and nothing more", () => {
    const body = encodeFeaturesBatch([
      { id: A.toUpperCase(), status: "present", bytes: Uint8Array.of(1, 2, 3) },
      { id: B, status: "none" },
      { id: C, status: "later" },
    ]);
    // 8 bytes of header, 21 an entry, and the keypoints' own bytes.
    expect(body.byteLength).toBe(8 + 3 * 21 + 3);
    const entries = decodeFeaturesBatch(body.buffer);
    expect(entries.map((e) => [e.id, e.status, e.bytes && [...new Uint8Array(e.bytes)]])).toEqual([
      [A, "present", [1, 2, 3]],
      [B, "none", undefined],
      [C, "later", undefined],
    ]);
    // Each present entry's bytes are a buffer of their own (transferable alone).
    expect(entries[0].bytes!.byteLength).toBe(3);
    expect(decodeFeaturesBatch(encodeFeaturesBatch([]).buffer)).toEqual([]);
  });

  it("refuses what is not one: another format, a body cut short or padded, a bad status, too many entries, a bad id", () => {
    const good = encodeFeaturesBatch([{ id: A, status: "present", bytes: Uint8Array.of(9, 9) }]);
    expect(() => decodeFeaturesBatch(new TextEncoder().encode('{"message":"x"}').buffer)).toThrow("Not a keypoint batch");
    expect(() => decodeFeaturesBatch(good.buffer.slice(0, good.byteLength - 1))).toThrow("cut short");
    expect(() => decodeFeaturesBatch(good.buffer.slice(0, 20))).toThrow("cut short");
    const padded = new Uint8Array(good.byteLength + 1);
    padded.set(good);
    expect(() => decodeFeaturesBatch(padded.buffer)).toThrow("left over");
    const badStatus = good.slice();
    badStatus[8 + 16] = 7;
    expect(() => decodeFeaturesBatch(badStatus.buffer)).toThrow("malformed");
    const absentWithBytes = good.slice();
    absentWithBytes[8 + 16] = 1;
    expect(() => decodeFeaturesBatch(absentWithBytes.buffer)).toThrow("malformed");
    const many = good.slice();
    new DataView(many.buffer).setUint16(6, MAX_FEATURES_PER_REQUEST + 1, true);
    expect(() => decodeFeaturesBatch(many.buffer)).toThrow("too many");
    expect(() => encodeFeaturesBatch([{ id: "not-an-id", status: "none" }])).toThrow("Not a printing id");
    expect(() =>
      encodeFeaturesBatch(Array.from({ length: MAX_FEATURES_PER_REQUEST + 1 }, () => ({ id: A, status: "none" as const }))),
    ).toThrow();
  });
});
