import { useEffect, useLayoutEffect } from "react";
import type { ThemeMode } from "../../workers/domain/shell";

/** Applies light/dark at once by toggling the classes app/tailwind.css keys on (same rule as the pre-paint script). */
export function applyThemeMode(mode: ThemeMode) {
  const light = mode === "light" || (mode === "system" && window.matchMedia("(prefers-color-scheme: light)").matches);
  const root = document.documentElement;
  root.classList.toggle("light", light);
  root.classList.toggle("dark", !light);
}

// Layout effect in the browser (runs before paint), plain effect on the server (where it never runs).
const useBeforePaintEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Keeps <html>'s mode classes in step with the member's saved setting. The server renders the class
 * for light and dark and the pre-paint script handles "system"; when a revalidation changes the
 * setting (and React rewrites the class attribute), this re-applies the classes before paint. In
 * "system" mode the page follows the OS setting live.
 */
export function useThemeMode(mode: ThemeMode) {
  useBeforePaintEffect(() => {
    applyThemeMode(mode);
    if (mode !== "system") return;
    const query = window.matchMedia("(prefers-color-scheme: light)");
    const follow = () => applyThemeMode("system");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [mode]);
}
