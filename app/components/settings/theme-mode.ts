import type { UserSettings } from "../../../workers/contract/settings";

/** Applies light/dark at once by toggling the classes app/tailwind.css keys on (same rule as the pre-paint script). */
export function applyThemeMode(mode: UserSettings["theme"]) {
  const light = mode === "light" || (mode === "system" && window.matchMedia("(prefers-color-scheme: light)").matches);
  const root = document.documentElement;
  root.classList.toggle("light", light);
  root.classList.toggle("dark", !light);
}
