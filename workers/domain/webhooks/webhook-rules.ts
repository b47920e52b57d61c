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

const MINUTE_MS = 60_000;
/** Slack past the longest retry delay before a pending delivery is taken for lost. */
const STALE_SLACK_MS = 10 * MINUTE_MS;
/** The least time a delivery is kept trying before housekeeping gives up on it. */
const MIN_GIVE_UP_MS = 24 * 60 * MINUTE_MS;

/**
 * When housekeeping (the cron) steps in for a pending delivery whose queue message is lost (its send failed, or
 * the queue dropped it): `staleMs` with no change means no attempt is coming (the longest wait between attempts,
 * the delay before the last retry, plus 10 minutes: 18 minutes at the default base of 30 s), and it is sent to the
 * queue again; pending `giveUpMs` after it was made (a day, or the whole retry schedule plus staleMs if that is
 * longer), it is marked failed instead.
 */
export function pendingDeliveryTimes(baseSeconds: number): { staleMs: number; giveUpMs: number } {
  const delays = Array.from({ length: MAX_WEBHOOK_ATTEMPTS - 1 }, (_, i) => retryDelaySeconds(i + 1, baseSeconds) * 1000);
  const staleMs = Math.max(...delays) + STALE_SLACK_MS;
  const scheduleMs = delays.reduce((sum, d) => sum + d, 0);
  return { staleMs, giveUpMs: Math.max(MIN_GIVE_UP_MS, scheduleMs + staleMs) };
}

/** Host names that only mean something inside a machine or a private network. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * The ports a webhook may use: https's default (443, which URL serialisation drops) and 8443, the usual second
 * HTTPS port (Cloudflare's proxy serves HTTPS on it, so a bot behind Cloudflare can take webhooks there; with a
 * compatibility date from 2024-09-02 a Worker's fetch keeps a custom port). Nothing else: a webhook must not be a
 * way to reach SSH, mail or database ports, or to learn which ports of a host are open.
 */
export const WEBHOOK_PORTS: readonly string[] = ["", "8443"];

/** C0 controls and DEL: URL parsing drops tabs and line breaks silently, so they are refused before it. */
const hasControlCharacter = (text: string) => [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u007f");

const PRIVATE_ADDRESS = "The address cannot be a private, loopback or reserved IP address";

function ipv4Bytes(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** Loopback, private, link-local, CGNAT, unspecified, documentation, benchmarking, multicast or reserved IPv4. */
function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 192 && b === 88 && c === 99) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
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

/** Two 16-bit groups as the IPv4 address they spell. */
const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
const zeros = (groups: number[]) => groups.every((g) => g === 0);

/**
 * The IPv4 addresses an IPv6 address carries, in every standard spelling that routes to them: IPv4-compatible
 * (::a.b.c.d, so :: and ::1 too), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's
 * well-known prefix (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32: its server in groups 2-3,
 * its client in the last 32 bits, inverted). Null when it carries none.
 */
function embeddedIpv4(g: number[]): number[][] | null {
  if (zeros(g.slice(0, 5)) && (g[5] === 0 || g[5] === 0xffff)) return [ipv4Of(g[6], g[7])];
  if (zeros(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(g.slice(2, 6))) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return null;
}

/**
 * IPv6 ranges that are not the public internet: link-local, site-local, unique-local, multicast, documentation
 * (2001:db8::/32), discard-only (100::/64), and NAT64's local-use prefix (64:ff9b:1::/48, RFC 8215), whose IPv4
 * address sits wherever the local operator put it, so it is refused whole.
 */
function isPrivateIpv6(g: number[]): boolean {
  return (
    (g[0] & 0xfe00) === 0xfc00 ||
    (g[0] & 0xffc0) === 0xfe80 ||
    (g[0] & 0xffc0) === 0xfec0 ||
    (g[0] & 0xff00) === 0xff00 ||
    (g[0] === 0x2001 && g[1] === 0xdb8) ||
    (g[0] === 0x100 && zeros(g.slice(1, 4))) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1)
  );
}

/** What a URL's host is, once: an IPv4 address (also when an IPv6 literal carries one), an IPv6 address or a name. */
export type WebhookHost =
  { kind: "ipv4"; addresses: number[][] } | { kind: "ipv6"; groups: number[] } | { kind: "name"; name: string } | null;

/**
 * Normalises `hostname` (URL.hostname) once, for the rules to judge: an IPv6 literal that carries an IPv4 address
 * becomes that address; a name loses every trailing dot (`localhost..` is localhost to a resolver) and is read
 * again as a URL host, so what is left of `127.0.0.1..` or `0x7f.1.` is judged as the IPv4 address it is. Null when
 * it is no host at all.
 */
export function normaliseWebhookHost(hostname: string): WebhookHost {
  if (hostname.startsWith("[")) {
    const groups = ipv6Groups(hostname.slice(1, -1));
    if (!groups) return null;
    const carried = embeddedIpv4(groups);
    return carried ? { kind: "ipv4", addresses: carried } : { kind: "ipv6", groups };
  }
  const trimmed = hostname.replace(/\.+$/, "");
  const host = trimmed === "" ? null : URL.parse(`https://${trimmed}/`)?.hostname;
  if (!host) return null;
  // Read again: a trailing dot or two kept "127.0.0.1.." a name; without them it is an address.
  if (host.startsWith("[")) return normaliseWebhookHost(host);
  const v4 = ipv4Bytes(host);
  return v4 ? { kind: "ipv4", addresses: [v4] } : { kind: "name", name: host.toLowerCase() };
}

/** Why the normalised host may not receive webhooks, or null when it may. */
function hostProblem(host: WebhookHost): string | null {
  if (!host) return "Enter a full https:// address";
  if (host.kind === "ipv4") return host.addresses.some(isPrivateIpv4) ? PRIVATE_ADDRESS : null;
  if (host.kind === "ipv6") return isPrivateIpv6(host.groups) ? PRIVATE_ADDRESS : null;
  // A name without a dot cannot be a public host.
  return PRIVATE_NAME.test(host.name) || !host.name.includes(".") ? "The address must be a public host name" : null;
}

/** A webhook URL as checked: the address to store (parsed and serialised again), or why it cannot be one. */
export type CheckedWebhookUrl = { ok: true; url: string } | { ok: false; problem: string };

/**
 * Checks `raw` as a webhook URL. https only, on port 443 or 8443 (WEBHOOK_PORTS), no user name or password, no
 * control characters, and no address inside a machine or a private network: the host is normalised once
 * (normaliseWebhookHost) and refused when it is a loopback, private, link-local, unique-local, CGNAT, reserved or
 * unspecified address, however spelled, or a name such as localhost or *.internal, so a webhook cannot make the
 * Worker call into a network it should not. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS, local runs and tests only)
 * lifts the https, port and host rules for a receiver on this machine. A public name that resolves to a private
 * address is the platform's to refuse: a Worker's fetch never reaches Cloudflare-internal or private networks.
 * The URL to store is WHATWG's serialisation (`URL.href`), never the text as sent.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): CheckedWebhookUrl {
  const refuse = (problem: string): CheckedWebhookUrl => ({ ok: false, problem });
  if (hasControlCharacter(raw)) return refuse("The address cannot contain line breaks, tabs or other control characters");
  const url = URL.parse(raw);
  if (!url || !["https:", "http:"].includes(url.protocol)) return refuse("Enter a full https:// address");
  if (url.username || url.password) return refuse("The address cannot carry a user name or password");
  if (!allowPrivate) {
    if (url.protocol !== "https:") return refuse("The address must use https://");
    const problem = hostProblem(normaliseWebhookHost(url.hostname));
    if (problem) return refuse(problem);
    if (!WEBHOOK_PORTS.includes(url.port)) return refuse("The address must use port 443 (the default) or 8443");
  }
  return { ok: true, url: url.href };
}

/** Why `raw` may not be a webhook URL (checkWebhookUrl), or null when it may. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  const checked = checkWebhookUrl(raw, allowPrivate);
  return checked.ok ? null : checked.problem;
}

/** The WEBHOOK_ALLOW_PRIVATE_URLS var: only the exact string "true" lifts the rules. */
export const allowsPrivateWebhooks = (value: string | undefined) => value === "true";
