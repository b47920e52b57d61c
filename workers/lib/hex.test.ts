import { describe, expect, it } from "vitest";
import { bytesToHex, sha256Hex } from "./hex";

describe("hex", () => {
  it("writes two lowercase digits a byte, leading zeros kept", () => {
    expect(bytesToHex(Uint8Array.from([0, 1, 15, 16, 171, 255]))).toBe("00010f10abff");
    expect(bytesToHex(new Uint8Array(0))).toBe("");
  });

  it('digests UTF-8 text with SHA-256 (FIPS 180-2\'s vector for "abc")', async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
