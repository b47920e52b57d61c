import { SELECTED_COMMUNITY_KEY } from "./community-cookie";

/**
 * Inline script (CSP nonce) run before first paint: marks <html> with the stored realm (its palette is in
 * styles/community-themes.css) and applies the light/dark mode, so a reload never flashes the default look.
 * `mode` is the member's saved theme setting.
 */
export function prePaintScript(mode: "light" | "dark" | "system"): string {
  return `(function(){try{var id=localStorage.getItem(${JSON.stringify(SELECTED_COMMUNITY_KEY)});var d=document.documentElement;
if(id&&/^[a-z0-9-]+$/.test(id)&&id!=="null")d.dataset.community=id;
var m=${JSON.stringify(mode)};var light=m==="light"||(m==="system"&&window.matchMedia("(prefers-color-scheme: light)").matches);
d.classList.toggle("light",light);d.classList.toggle("dark",!light);}catch(e){}})();`;
}
