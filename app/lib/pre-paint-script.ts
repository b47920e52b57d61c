import { COMMUNITY_THEMES, SELECTED_COMMUNITY_KEY, themeVariables } from "./community-themes";

/**
 * Inline script (CSP nonce) run before first paint: applies the stored realm's
 * theme variables and the light/dark mode, so a reload never flashes the
 * default look. `mode` is the member's saved theme setting.
 */
export function prePaintScript(mode: "light" | "dark" | "system"): string {
  const vars = Object.fromEntries(Object.entries(COMMUNITY_THEMES).map(([id, t]) => [id, themeVariables(t)]));
  return `(function(){try{var v=${JSON.stringify(vars)};var id=localStorage.getItem(${JSON.stringify(
    SELECTED_COMMUNITY_KEY,
  )});var d=document.documentElement;if(id&&v[id]){for(var k in v[id])d.style.setProperty(k,v[id][k]);d.dataset.community=id;}
var m=${JSON.stringify(mode)};var light=m==="light"||(m==="system"&&window.matchMedia("(prefers-color-scheme: light)").matches);
d.classList.toggle("light",light);d.classList.toggle("dark",!light);}catch(e){}})();`;
}
