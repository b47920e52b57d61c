// Discord's shapes for the fake of scripts/fakes/discord.mjs (issue 39), without Node imports so the Worker tests
// (workerd) may import them too: Ed25519 key pairs and signatures through WebCrypto (Node 24 and workerd both have
// it), interaction payloads as Discord sends them ("Interactions: Receiving and Responding": the interaction
// object, with `member`, `channel`, `data` and, for a button, the `message` it sits on), and the checks Discord makes
// of a message body ("Create Message": content, components, allowed mentions), answered with its 50035 error.

/** Discord's epoch (2015-01-01), from which snowflakes count milliseconds. */
const DISCORD_EPOCH = 1_420_070_400_000n;
let sequence = 0n;

/** A new Discord id: time since Discord's epoch, shifted, plus a counter. */
export function snowflake(now = Date.now()) {
  sequence = (sequence + 1n) & 0xfffn;
  return String(((BigInt(now) - DISCORD_EPOCH) << 22n) | sequence);
}

const toHex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** A new application key pair: the public key as the developer portal shows it (hex), the private one as PKCS #8 (base64). */
export async function generateDiscordKeyPair() {
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  return {
    publicKeyHex: toHex(await crypto.subtle.exportKey("raw", pair.publicKey)),
    privateKeyPkcs8: toBase64(await crypto.subtle.exportKey("pkcs8", pair.privateKey)),
  };
}

/** Signs `timestamp + body` as Discord does: the hex of the Ed25519 signature. */
export async function signInteraction(privateKeyPkcs8, timestamp, body) {
  const key = await crypto.subtle.importKey("pkcs8", fromBase64(privateKeyPkcs8), { name: "Ed25519" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign({ name: "Ed25519" }, key, new TextEncoder().encode(`${timestamp}${body}`)));
}

/** Permissions of an ordinary member (view, send, read history...) and of a server manager (plus MANAGE_GUILD). */
export const MEMBER_PERMISSIONS = "1071698660929";
export const MANAGER_PERMISSIONS = String(BigInt(MEMBER_PERMISSIONS) | (1n << 5n));

/**
 * An interaction as Discord POSTs it. `spec`: { kind: "command" | "button", applicationId, user: { id, username,
 * global_name? }, guild_id, channel_id, channel_name?, permissions?, command?: { name, options?, resolved? },
 * custom_id?, message? (the message object the button sits on) }.
 */
export function interactionPayload(spec) {
  const now = Date.now();
  const user = {
    id: spec.user.id,
    username: spec.user.username,
    global_name: spec.user.global_name ?? null,
    discriminator: "0",
    avatar: null,
  };
  const base = {
    id: snowflake(now),
    application_id: spec.applicationId,
    token: `aW50ZXJhY3Rpb246${snowflake(now)}${crypto.randomUUID().replaceAll("-", "")}`,
    version: 1,
    guild_id: spec.guild_id,
    channel_id: spec.channel_id,
    channel: { id: spec.channel_id, name: spec.channel_name ?? "looking-for-game", type: 0, guild_id: spec.guild_id },
    guild: { id: spec.guild_id, locale: "en-US", features: [] },
    member: {
      user,
      roles: [],
      permissions: spec.permissions ?? MEMBER_PERMISSIONS,
      nick: null,
      avatar: null,
      joined_at: "2025-03-01T18:00:00.000000+00:00",
      deaf: false,
      mute: false,
      flags: 0,
    },
    app_permissions: "2248473465835073",
    locale: "en-US",
    guild_locale: "en-US",
    entitlements: [],
    authorizing_integration_owners: { 0: spec.guild_id },
    context: 0,
    attachment_size_limit: 10485760,
  };
  if (spec.kind === "command") {
    return {
      ...base,
      type: 2,
      data: {
        id: spec.command.id ?? snowflake(now),
        name: spec.command.name,
        type: 1,
        ...(spec.command.options ? { options: spec.command.options } : {}),
        ...(spec.command.resolved ? { resolved: spec.command.resolved } : {}),
      },
    };
  }
  return { ...base, type: 3, data: { custom_id: spec.custom_id, component_type: 2 }, message: spec.message };
}

/** What Discord refuses in a message body, as its "Invalid Form Body" lists it (empty: the body is fine). */
export function messageBodyProblems(body) {
  const problems = [];
  if (!body || typeof body !== "object") return ["the body is not a JSON object"];
  if (body.content !== undefined && (typeof body.content !== "string" || body.content.length > 2000)) {
    problems.push("content: must be a string of at most 2000 characters");
  }
  const rows = body.components ?? [];
  if (!Array.isArray(rows) || rows.length > 5) problems.push("components: at most 5 action rows");
  for (const row of Array.isArray(rows) ? rows : []) {
    if (row?.type !== 1 || !Array.isArray(row.components) || row.components.length < 1 || row.components.length > 5) {
      problems.push("components: an action row (type 1) holds 1 to 5 components");
      continue;
    }
    for (const button of row.components) {
      if (button?.type !== 2) problems.push("components: only buttons (type 2) are known here");
      else if (button.style === 5) {
        if (typeof button.url !== "string" || button.custom_id !== undefined)
          problems.push("components: a link button has a url and no custom_id");
      } else if (![1, 2, 3, 4].includes(button.style) || typeof button.custom_id !== "string" || button.custom_id.length > 100) {
        problems.push("components: a button has a style 1-4 and a custom_id of at most 100 characters");
      }
      if (typeof button?.label === "string" && button.label.length > 80) problems.push("components: a label has at most 80 characters");
    }
  }
  const mentions = body.allowed_mentions;
  if (mentions !== undefined) {
    if (!Array.isArray(mentions.parse)) problems.push("allowed_mentions.parse: must be a list");
    else if (mentions.parse.includes("users") && Array.isArray(mentions.users)) {
      problems.push("allowed_mentions: parse:[users] and users are mutually exclusive");
    }
    if (mentions.users !== undefined && (!Array.isArray(mentions.users) || mentions.users.length > 100)) {
      problems.push("allowed_mentions.users: at most 100 ids");
    }
  }
  return problems;
}

/** Who a message pings: the users its allowed_mentions lets through among those its content mentions. */
export function pingedUsers(body) {
  const mentioned = [...(body.content ?? "").matchAll(/<@!?(\d+)>/g)].map((m) => m[1]);
  const allowed = body.allowed_mentions;
  if (!allowed) return mentioned;
  if (allowed.parse?.includes("users")) return mentioned;
  return mentioned.filter((id) => (allowed.users ?? []).includes(id));
}
