import { cloudflare } from "@cloudflare/vite-plugin";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type UserConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { outsideRemixChildCompiler, remixInWorkerd, remixOptions } from "./scripts/vite/remix-in-workerd";
import { shellChunk } from "./scripts/vite/shell-chunk";
import { thirdPartyLicenses } from "./scripts/vite/third-party-licenses";
import { WORKER_DEPENDENCIES } from "./scripts/vite/worker-dependencies";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// `remix vite:build` (npm run build): the browser build in build/client and the server build in build/server, which
// wrangler bundles into the Worker (wrangler.toml's alias for virtual:remix/server-build).
const build = (isSsrBuild: boolean): UserConfig => ({
  plugins: [tailwindcss(), remix(remixOptions), tsconfigPaths(), thirdPartyLicenses()],
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
});

/** Variables `scripts/dev.mjs` passes for this run (the fake card service's URLs), as a JSON object of strings. */
function localVars(): Record<string, string> {
  const raw = process.env.REALMCAST_LOCAL_VARS;
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

// `npm run dev`: Vite serves the browser modules with hot module replacement, and the Cloudflare Vite plugin runs the
// Worker (workers/app.ts, with its D1, KV, R2 and the GameRoom Durable Object, local under .wrangler/state like
// `wrangler dev`) inside workerd, importing the live Remix server build: an edit to a loader, action or /api handler
// is in the next request, an edit to a component is in the open page at once.
const dev: UserConfig = {
  plugins: [
    tailwindcss(),
    ...remixInWorkerd(),
    tsconfigPaths(),
    ...outsideRemixChildCompiler([
      ...cloudflare({
        viteEnvironment: { name: "ssr" },
        // Several dev servers may run at once (the dev-loop check beside a developer's own); none needs a debugger port.
        inspectorPort: false,
        // The same opt-ins as `npm start` (scripts/local-stack.mjs): the dev sign-in and a sign-in limit for many test
        // members from one address. wrangler.toml keeps the safe values for a deploy.
        // scripts/dev.mjs adds the fake card service's URLs (REALMCAST_LOCAL_VARS), as scripts/local-stack.mjs does.
        config: (worker) => ({
          vars: { ...worker.vars, AUTH_DEV_LOGIN: "true", SIGNIN_RATE_LIMIT_PER_MINUTE: "1000", ...localVars() },
        }),
      }),
      // Pre-bundled up front: discovered one by one on the first request, each would restart the Worker's module graph.
      { name: "worker-dependencies", config: () => ({ environments: { ssr: { optimizeDeps: { include: WORKER_DEPENDENCIES } } } }) },
    ]),
  ],
};

export default defineConfig(({ command, isSsrBuild }) => (command === "build" ? build(Boolean(isSsrBuild)) : dev));
