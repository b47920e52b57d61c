/**
 * Webhook rules (issue 27), pure: which URLs a webhook may target, and when a failed delivery is tried again.
 * Signing is in webhook-signing.ts; the deliveries themselves in webhooks.ts.
 */

/** Attempts of one delivery before it is marked failed (the first and five retries). */
export const MAX_WEBHOOK_ATTEMPTS = 6;
/** What a receiver gets to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRY_BASE_SECONDS = 30;

/**
 * Seconds before retrying after failed attempt number `attempt` (1-based): base, 2×base, 4×base… (30 s, 1 min,
 * 2 min, 4 min, 8 min by default), capped at 12 hours, the queue's longest delay.
 */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return Math.min(Math.max(0, Math.round(baseSeconds * 2 ** (attempt - 1))), 43_200);
}

/** WEBHOOK_RETRY_BASE_SECONDS as a number (the default when unset or not a non-negative number). */
export function retryBaseSeconds(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? n : DEFAULT_RETRY_BASE_SECONDS;
}

/** Host names that only mean something inside a machine or a private network. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

function ipv4Bytes(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** Loopback, private, link-local, CGNAT, unspecified, benchmarking, multicast or reserved IPv4. */
function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** An IPv6 literal (without brackets) as its eight 16-bit groups, or null. */
function ipv6Groups(host: string): number[] | null {
  let text = host.toLowerCase();
  // An IPv4 tail (::ffff:127.0.0.1) becomes its two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4Bytes(tail[1]);
    if (!v4) return null;
    text = text.slice(0, -tail[1].length) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const read = (s: string) => (s === "" ? [] : s.split(":"));
  const head = read(halves[0]);
  const rest = halves.length === 2 ? read(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** Loopback, unspecified, link-local, unique-local, multicast, or an IPv4-mapped/compatible private address. */
function isPrivateIpv6(g: number[]): boolean {
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && g[5] === 0 && g[6] === 0 && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) carry an IPv4 address: judged as one.
  if (zeroHead && (g[5] === 0xffff || g[5] === 0)) return isPrivateIpv4([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff]);
  // 64:ff9b::/96 (NAT64) reaches IPv4 addresses too.
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPrivateIpv4([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff]);
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xff00) === 0xff00;
}

/**
 * Why `raw` may not be a webhook URL, or null when it may. https only, and no address inside a machine or a private
 * network: loopback, private, link-local, unique-local, CGNAT and unspecified IP literals (IPv4-mapped IPv6 too) and
 * names such as localhost or *.internal, so a webhook cannot make the Worker call into a network it should not.
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS, local runs and tests only) lifts both rules for a receiver on this
 * machine. A public name that resolves to a private address is the platform's to refuse: a Worker's fetch never
 * reaches Cloudflare-internal or private networks.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  const url = URL.parse(raw);
  if (!url || !["https:", "http:"].includes(url.protocol)) return "Enter a full https:// address";
  if (url.username || url.password) return "The address cannot carry a user name or password";
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return "The address must use https://";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  const v4 = ipv4Bytes(host);
  if (v4) return isPrivateIpv4(v4) ? "The address cannot be a private, loopback or reserved IP address" : null;
  if (host.includes(":")) {
    const v6 = ipv6Groups(host);
    if (!v6 || isPrivateIpv6(v6)) return "The address cannot be a private, loopback or reserved IP address";
    return null;
  }
  // A bare number or hex (http://2130706433) is an IPv4 address to URL parsers: WHATWG URL already turned it into
  // dotted form above. A name without a dot cannot be a public host.
  if (PRIVATE_NAME.test(host) || !host.includes(".")) return "The address must be a public host name";
  return null;
}

/** The WEBHOOK_ALLOW_PRIVATE_URLS var: only the exact string "true" lifts the rules. */
export const allowsPrivateWebhooks = (value: string | undefined) => value === "true";
