/** Lowercase hex of bytes, two digits a byte: digests, random ids, printing ids. */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Hex SHA-256 of UTF-8 text: what is stored in place of a secret, or a stable key for a set of ids. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}
