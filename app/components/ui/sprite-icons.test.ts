import { describe, expect, it } from "vitest";
import committed from "~/assets/shell-icons.svg?raw";
import { shellIconsSprite, SPRITE_SOURCES } from "./sprite-icons.source";

describe("app/assets/shell-icons.svg", () => {
  it("is what the Lucide icons it lists generate (run `npm run generate` after changing the list)", () => {
    expect(committed).toBe(shellIconsSprite());
  });

  it("holds a symbol with a drawing for every name", () => {
    for (const name of Object.keys(SPRITE_SOURCES))
      expect(committed).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline)`));
  });
});
