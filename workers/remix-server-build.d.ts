// The Remix server build. `npm run dev` and the Worker tests get it live from Remix's Vite plugin; wrangler (npm
// start, the browser tests, a deploy) bundles the built file instead, through wrangler.toml's `alias`.
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  export const mode: ServerBuild["mode"];
  export const entry: ServerBuild["entry"];
  export const routes: ServerBuild["routes"];
  export const assets: ServerBuild["assets"];
  export const basename: ServerBuild["basename"];
  export const publicPath: ServerBuild["publicPath"];
  export const assetsBuildDirectory: ServerBuild["assetsBuildDirectory"];
  export const future: ServerBuild["future"];
  export const isSpaMode: ServerBuild["isSpaMode"];
}
