import { describe, expect, it } from "vitest";
import committed from "~/assets/community-art.svg?raw";
import { COMMUNITY_THEMES } from "~/lib/community-themes";
import { communityArtSprite } from "./community-art.source";

describe("app/assets/community-art.svg", () => {
  it("is what community-art.source.tsx draws (run `npm run generate` after changing a drawing)", () => {
    expect(committed).toBe(communityArtSprite());
  });

  it("has art for each realm and for All Realms, coloured by the palette tokens a <use> inherits", () => {
    for (const id of [...Object.keys(COMMUNITY_THEMES), "all"]) expect(committed).toContain(`<symbol id="${id}" viewBox="0 0 400 240">`);
    expect(committed).toContain('style="stroke:var(--rc-primary)"');
    expect(committed).not.toContain("class=");
  });
});
