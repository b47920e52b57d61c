import { describe, expect, it } from "vitest";
import { COMMUNITY_THEMES, DEFAULT_THEME, themeVariables, type CommunityPalette } from "./community-themes";
import { AA_GRAPHICS, AA_TEXT, contrastRatio } from "./contrast";

const THEMES = [DEFAULT_THEME, ...Object.values(COMMUNITY_THEMES)];
const MODES = ["dark", "light"] as const;

/** Every pair the UI paints, with the minimum WCAG asks of it. */
function failures(p: CommunityPalette): string[] {
  const grounds = { background: p.background, surface: p.surface, heroTint: p.heroTint };
  const checks: [string, string, string, number][] = [];
  for (const [groundName, ground] of Object.entries(grounds)) {
    checks.push(["text", p.text, groundName, AA_TEXT], ["textSecondary", p.textSecondary, groundName, AA_TEXT]);
    // primary colours links and small icons, and is the focus ring.
    checks.push(["primary", p.primary, groundName, AA_TEXT]);
    if (groundName !== "heroTint") {
      checks.push(["secondary", p.secondary, groundName, AA_GRAPHICS], ["accent", p.accent, groundName, AA_GRAPHICS]);
    }
    void ground;
  }
  checks.push(["primaryForeground", p.primaryForeground, "primary", AA_TEXT]);
  checks.push(["#ffffff", "#ffffff", "brandFrom", AA_TEXT], ["#ffffff", "#ffffff", "brandTo", AA_TEXT]);
  const colour = (name: string) => (name in grounds ? grounds[name as keyof typeof grounds] : p[name as keyof CommunityPalette]);
  return checks
    .map(([fgName, fg, bgName, min]) => ({ fgName, bgName, ratio: contrastRatio(fg, colour(bgName)), min }))
    .filter((c) => c.ratio < c.min)
    .map((c) => `${c.fgName} on ${c.bgName}: ${c.ratio.toFixed(2)} < ${c.min}`);
}

describe("realm palettes meet WCAG AA contrast", () => {
  for (const theme of THEMES) {
    for (const mode of MODES) {
      it(`${theme.displayName} (${mode})`, () => {
        expect(failures(theme.palettes[mode])).toEqual([]);
      });
    }
  }

  it("the check catches a washed-out palette (PokeStream's old yellow on white)", () => {
    const washedOut = { ...COMMUNITY_THEMES["pokestream-hub"].palettes.light, primary: "#facc15", accent: "#facc15" };
    expect(failures(washedOut)).toEqual(expect.arrayContaining([expect.stringMatching(/^primary on background: 1\.\d+ < 4\.5$/)]));
    expect(failures(washedOut)).toEqual(expect.arrayContaining([expect.stringMatching(/^accent on surface: 1\.\d+ < 3$/)]));
  });
});

describe("realm identity", () => {
  it("the six realms each have their own palette, hero and heading type", () => {
    const communities = Object.values(COMMUNITY_THEMES);
    expect(communities).toHaveLength(6);
    for (const mode of MODES) expect(new Set(communities.map((t) => t.palettes[mode].primary)).size).toBe(6);
    expect(new Set(communities.map((t) => JSON.stringify(t.type))).size).toBe(6);
  });

  it("headings never fall back to a serif: every stack ends in sans-serif or monospace and names no serif family", () => {
    for (const theme of THEMES) {
      const stack = theme.type.heading;
      expect(stack, theme.id).toMatch(/(sans-serif|monospace)$/);
      expect(stack.replace(/sans-serif/g, ""), theme.id).not.toMatch(/serif|Georgia|Times|Cambria|Palatino/i);
    }
  });

  it("themeVariables carries both palettes and the type", () => {
    const vars = themeVariables(COMMUNITY_THEMES.duelcraft);
    expect(vars["--rc-dark-primary"]).toBe(COMMUNITY_THEMES.duelcraft.palettes.dark.primary);
    expect(vars["--rc-light-primary"]).toBe(COMMUNITY_THEMES.duelcraft.palettes.light.primary);
    expect(vars["--rc-heading-transform"]).toBe("uppercase");
  });
});
