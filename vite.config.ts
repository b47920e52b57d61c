import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { shellChunk } from "./scripts/vite/shell-chunk";
import { thirdPartyLicenses } from "./scripts/vite/third-party-licenses";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    thirdPartyLicenses(),
  ],
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  // Licence comments leave the minified scripts; the licences ship once in /third-party-licenses.txt (plugin above).
  esbuild: { legalComments: "none" },
  build: {
    minify: true,
    rollupOptions: {
      // Route actions reach the room service (account deletion tells the rooms), which imports partyserver and through
      // it the runtime's `cloudflare:workers` module: left for wrangler, which bundles the Worker and resolves it.
      external: ["cloudflare:workers"],
      // The browser build puts the root's own modules in one chunk (scripts/vite/shell-chunk.ts).
      output: isSsrBuild ? {} : { manualChunks: shellChunk() },
    },
  },
}));
