import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "./avatar-options";
import { avatarVersion, checkAvatarFile, sniffImageType } from "./avatar-file";

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 20, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]);

describe("sniffImageType", () => {
  it("tells PNG, JPEG and WebP by their first bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(WEBP)).toBe("image/webp");
  });

  it("refuses everything else, including look-alikes and truncated signatures", () => {
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0014\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe("checkAvatarFile", () => {
  it("accepts a small image and says its type", () => {
    expect(checkAvatarFile(WEBP)).toEqual({ ok: true, type: "image/webp" });
  });

  it("accepts exactly the limit and refuses one byte more", () => {
    const atLimit = new Uint8Array(AVATAR_MAX_BYTES);
    atLimit.set(PNG);
    expect(checkAvatarFile(atLimit)).toEqual({ ok: true, type: "image/png" });
    const over = new Uint8Array(AVATAR_MAX_BYTES + 1);
    over.set(PNG);
    expect(checkAvatarFile(over)).toEqual({ ok: false, message: "The picture must be at most 2 MB" });
  });

  it("refuses empty files and other types with a message", () => {
    expect(checkAvatarFile(bytes())).toEqual({ ok: false, message: "The file is empty" });
    expect(checkAvatarFile(new TextEncoder().encode("hello"))).toEqual({
      ok: false,
      message: "The picture must be a PNG, JPEG or WebP image",
    });
  });
});

describe("avatarVersion", () => {
  it("is a 16-hex-digit content hash: same bytes, same version; other bytes, another", async () => {
    const a = await avatarVersion(PNG);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(await avatarVersion(PNG.slice())).toBe(a);
    expect(await avatarVersion(JPEG)).not.toBe(a);
  });
});
