// npm run generate: writes the files derived from TypeScript sources (through Vite, which reads the
// TypeScript): the realm palettes as CSS, and the header and landing icons and the realms' hero art as SVG sprites. Each has a
// test that fails while the committed file is out of date.
import { writeFileSync } from "node:fs";
import tsconfigPaths from "vite-tsconfig-paths";
import { createServer } from "vite";

const server = await createServer({
  configFile: false,
  logLevel: "error",
  plugins: [tsconfigPaths()],
  server: { middlewareMode: true },
  appType: "custom",
});
try {
  const { communityThemesCss } = await server.ssrLoadModule("/app/lib/community-themes-css.ts");
  writeFileSync("app/styles/community-themes.css", communityThemesCss());
  const { shellIconsSprite } = await server.ssrLoadModule("/app/components/ui/sprite-icons.source.ts");
  writeFileSync("app/assets/shell-icons.svg", shellIconsSprite());
  const { communityArtSprite } = await server.ssrLoadModule("/app/components/community/community-art.source.tsx");
  writeFileSync("app/assets/community-art.svg", communityArtSprite());
  console.log("wrote app/styles/community-themes.css, app/assets/shell-icons.svg and app/assets/community-art.svg");
} finally {
  await server.close();
}
