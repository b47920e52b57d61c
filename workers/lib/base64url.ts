/** base64url (RFC 4648 §5, no padding) of bytes or UTF-8 text: tokens, cursors. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const textToBase64Url = (text: string) => bytesToBase64Url(new TextEncoder().encode(text));

/** The UTF-8 text of a base64url value, or null when it is not one. */
export function base64UrlToText(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}
