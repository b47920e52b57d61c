import { COMMUNITY_THEMES, DEFAULT_THEME, themeVariables, type CommunityTheme } from "./community-themes";

/** Where a realm's palette applies: the page (<html>), a card showing one realm, a realm's dot. */
function selectorsFor(id: string) {
  return [":root", ".realm-scope", ".realm-dot"].map((scope) => `${scope}[data-community="${id}"]`).join(",\n");
}

function block(selector: string, theme: CommunityTheme) {
  const declarations = Object.entries(themeVariables(theme)).map(([name, value]) => `  ${name}: ${value};`);
  return `${selector} {\n${declarations.join("\n")}\n}\n`;
}

/**
 * The realm palettes as CSS, generated from community-themes.ts into app/styles/community-themes.css: the page
 * switches realm by setting `data-community` on <html>, and a card or dot shows its realm the same way, so
 * no palette travels in the JavaScript every page ships. `npm run generate` writes it; a test keeps it current.
 */
export function communityThemesCss(): string {
  const header = "/* Generated from app/lib/community-themes.ts by `npm run generate`; do not edit. */\n";
  const communities = Object.values(COMMUNITY_THEMES).map((theme) => block(selectorsFor(theme.id), theme));
  return [header, block(":root", DEFAULT_THEME), ...communities].join("\n");
}
