import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRACKETS } from "./brackets";
import { canManageGuild, parseTableButton, tableButtonId } from "./discord";
import { BRACKET_CHOICES, DISCORD_COMMANDS, REALM_CHOICES } from "./discord-commands";

/** Issue 39: the commands' choices repeat rules kept elsewhere; permissions and button ids are read back right. */

describe("the slash commands' choices", () => {
  it("offer exactly the realms of migration 0001, by id and name", () => {
    const sql = readFileSync(new URL("../../migrations/0001_communities.sql", import.meta.url), "utf8");
    const realms = [...sql.matchAll(/^\s+\('([a-z-]+)', '([^']+)'/gm)].map(([, value, name]) => ({ name, value }));
    expect(realms).toHaveLength(6);
    expect([...REALM_CHOICES]).toEqual(realms);
  });

  it("offer exactly the Commander brackets", () => {
    expect(BRACKET_CHOICES.map((c) => c.value)).toEqual(BRACKETS.map((b) => b.id));
    BRACKET_CHOICES.forEach((c, i) => expect(c.name).toBe(`${BRACKETS[i]!.id} · ${BRACKETS[i]!.name}`));
  });

  it("keep within Discord's limits: lower-case names of 32 characters at most, descriptions of 100", () => {
    const walk = (o: { name: string; description: string; options?: readonly unknown[] }): void => {
      expect(o.name).toMatch(/^[a-z0-9_-]{1,32}$/);
      expect(o.description.length).toBeGreaterThan(0);
      expect(o.description.length).toBeLessThanOrEqual(100);
      for (const child of (o.options ?? []) as (typeof o)[]) walk(child);
    };
    DISCORD_COMMANDS.forEach(walk);
  });
});

describe("the member's permissions and the buttons' ids", () => {
  it("lets Manage Server (1 << 5) or Administrator (1 << 3) set a server up, nobody else", () => {
    expect(canManageGuild(String(1n << 5n))).toBe(true);
    expect(canManageGuild(String(1n << 3n))).toBe(true);
    expect(canManageGuild(String((1n << 40n) | (1n << 5n)))).toBe(true);
    expect(canManageGuild(String((1n << 10n) | (1n << 11n)))).toBe(false);
    expect(canManageGuild("0")).toBe(false);
    expect(canManageGuild("not a number")).toBe(false);
  });

  it("reads back only its own button ids", () => {
    const id = crypto.randomUUID();
    expect(parseTableButton(tableButtonId("join", id))).toEqual({ action: "join", tableId: id });
    expect(parseTableButton(tableButtonId("leave", id))).toEqual({ action: "leave", tableId: id });
    expect(parseTableButton(`rc:seat:${id}`)).toBeNull();
    expect(parseTableButton(`rc:join:${id}x`)).toBeNull();
  });
});
