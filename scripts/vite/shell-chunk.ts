import { resolve } from "node:path";
import type { GetManualChunk } from "rollup";

/**
 * One "shell" chunk for the app modules the root route imports (header, footer, toasts, realm context, small
 * helpers), instead of a dozen tiny shared chunks: every page loads all of them anyway, and each separate
 * file is another request on a first visit (six at a time over HTTP/1.1, one round trip each on a phone).
 * Route modules and packages keep Vite's own chunking.
 */
export function shellChunk(): GetManualChunk {
  const rootId = resolve("app/root.tsx");
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const pending = [rootId];
      while (pending.length > 0) {
        const info = getModuleInfo(pending.pop()!);
        for (const imported of info?.importedIds ?? []) {
          const isAppModule = imported.includes("/app/") && !imported.includes("/node_modules/") && !imported.includes("/app/routes/");
          if (isAppModule && !shell.has(imported)) {
            shell.add(imported);
            pending.push(imported);
          }
        }
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
