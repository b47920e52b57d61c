// npm run discord:register [-- --guild <id>]: registers Realmcast's slash commands with Discord (issue 39; README,
// "Discord"), the list of workers/contract/discord-commands.ts, with Discord's bulk overwrite: PUT
// /applications/{application.id}/commands (global: every server the app is in, which Discord may take a while to
// show) or, with --guild, /applications/{application.id}/guilds/{guild.id}/commands (one server, at once: for
// testing). The overwrite replaces what was registered, so running it again is safe. It reads DISCORD_APPLICATION_ID
// and DISCORD_BOT_TOKEN from the environment (the operator's own shell: they are the Worker's secrets too) and
// DISCORD_API_URL (default https://discord.com/api/v10; the fake Discord's for a local try). A 429 is waited out
// (its `retry_after`) and tried again, a few times at most.
import { pathToFileURL } from "node:url";
import { DISCORD_COMMANDS } from "../workers/contract/discord-commands.ts";

export const DEFAULT_DISCORD_API_URL = "https://discord.com/api/v10";
const MAX_ATTEMPTS = 4;
const MAX_WAIT_SECONDS = 60;

/** Sends the bulk overwrite; answers the commands Discord registered (each with its id). */
export async function registerCommands({ apiUrl = DEFAULT_DISCORD_API_URL, applicationId, botToken, guildId = null, say = () => {} }) {
  if (!applicationId || !botToken)
    throw new Error("Set DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN (the app's, from Discord's developer portal).");
  if (guildId !== null && !/^\d{17,20}$/.test(guildId)) throw new Error(`--guild takes a server's id (digits), not "${guildId}".`);
  const path = guildId ? `/applications/${applicationId}/guilds/${guildId}/commands` : `/applications/${applicationId}/commands`;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${apiUrl.replace(/\/$/, "")}${path}`, {
      method: "PUT",
      headers: {
        Authorization: `Bot ${botToken}`,
        "Content-Type": "application/json",
        "User-Agent": "DiscordBot (https://github.com/realmcast, 1.0)",
      },
      body: JSON.stringify(DISCORD_COMMANDS),
    });
    const text = await res.text();
    if (res.ok) return JSON.parse(text);
    if (res.status === 429 && attempt < MAX_ATTEMPTS) {
      let retryAfter = Number(res.headers.get("retry-after") ?? 1);
      try {
        retryAfter = Number(JSON.parse(text).retry_after ?? retryAfter);
      } catch {
        // a 429 without Discord's body: the header's figure
      }
      const seconds = Math.min(MAX_WAIT_SECONDS, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 1);
      say(`Discord asked to wait ${seconds} s (429); trying again.`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    throw new Error(`Discord answered ${res.status} to PUT ${path}: ${text.slice(0, 500)}`);
  }
}

/** The command line: `--guild <id>` or `--guild=<id>`. */
export function guildOf(argv) {
  const i = argv.findIndex((a) => a === "--guild" || a.startsWith("--guild="));
  if (i === -1) return null;
  const value = argv[i].includes("=") ? argv[i].slice("--guild=".length) : argv[i + 1];
  if (!value) throw new Error("--guild needs a server's id");
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const guildId = guildOf(process.argv.slice(2));
    const registered = await registerCommands({
      apiUrl: process.env.DISCORD_API_URL || DEFAULT_DISCORD_API_URL,
      applicationId: process.env.DISCORD_APPLICATION_ID,
      botToken: process.env.DISCORD_BOT_TOKEN,
      guildId,
      say: (line) => console.log(line),
    });
    const where = guildId ? `in server ${guildId} (now)` : "globally (Discord may take up to an hour to show them everywhere)";
    console.log(`Registered ${registered.map((c) => `/${c.name}`).join(", ")} ${where}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
