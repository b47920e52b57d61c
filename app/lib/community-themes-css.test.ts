import { describe, expect, it } from "vitest";
import committed from "~/styles/community-themes.css?raw";
import { COMMUNITY_THEMES } from "./community-themes";
import { communityThemesCss } from "./community-themes-css";

describe("app/styles/community-themes.css", () => {
  it("is what community-themes.ts generates (run `npm run generate` after changing a palette)", () => {
    expect(committed).toBe(communityThemesCss());
  });

  it("gives each realm's palette to the page, a realm card and a realm dot", () => {
    for (const id of Object.keys(COMMUNITY_THEMES)) {
      for (const scope of [":root", ".realm-scope", ".realm-dot"]) expect(committed).toContain(`${scope}[data-community="${id}"]`);
    }
    expect(committed).toContain(`--rc-light-primary: ${COMMUNITY_THEMES.duelcraft.palettes.light.primary};`);
  });
});
