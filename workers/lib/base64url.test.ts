import { describe, expect, it } from "vitest";
import { base64UrlToText, bytesToBase64Url, textToBase64Url } from "./base64url";

describe("base64url", () => {
  it("round-trips text, including non-ASCII, without padding or +/", () => {
    for (const text of ["", "a", "ab", "abc", '[1,"x"]', "Zoë ✨ 李", "\u0000\uffff"]) {
      const encoded = textToBase64Url(text);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(base64UrlToText(encoded)).toBe(text);
    }
  });

  it("encodes bytes like RFC 4648 §5", () => {
    expect(bytesToBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("-_-_");
    expect(bytesToBase64Url(new Uint8Array([1]))).toBe("AQ");
  });

  it("gives null for values that are not base64url or not UTF-8", () => {
    expect(base64UrlToText("a+b/")).toBeNull();
    expect(base64UrlToText("a b")).toBeNull();
    expect(base64UrlToText(bytesToBase64Url(new Uint8Array([0xff, 0xfe])))).toBeNull();
  });
});
