import { describe, expect, it } from "vitest";
import committed from "~/styles/realm-themes.css?raw";
import { COMMUNITY_THEMES } from "./realm-themes";
import { realmThemesCss } from "./realm-themes-css";

describe("app/styles/realm-themes.css", () => {
  it("is what realm-themes.ts generates (run `npm run generate` after changing a palette)", () => {
    expect(committed).toBe(realmThemesCss());
  });

  it("gives each realm's palette to the page, a realm card and a realm dot", () => {
    for (const id of Object.keys(COMMUNITY_THEMES)) {
      for (const scope of [":root", ".realm-scope", ".realm-dot"]) expect(committed).toContain(`${scope}[data-community="${id}"]`);
    }
    expect(committed).toContain(`--rc-light-primary: ${COMMUNITY_THEMES.duelcraft.palettes.light.primary};`);
  });
});
