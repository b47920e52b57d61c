/**
 * The packages the Worker imports (app/, workers/, durable-objects/), pre-bundled for workerd before the first
 * request of `npm run dev` and of the Worker tests. Left to discovery, each one found on a request re-bundles the
 * rest and restarts the Worker's module graph. `scripts/vite/worker-dependencies.test.ts` keeps the list complete.
 */
export const WORKER_DEPENDENCIES = [
  "@date-fns/tz",
  "@hono/zod-openapi",
  "@remix-run/cloudflare",
  "@remix-run/react",
  "arctic",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "hono",
  "hono/body-limit",
  "hono/client",
  "hono/cookie",
  "hono/factory",
  "hono/html",
  "hono/http-exception",
  "hono/route",
  "hono/utils/http-status",
  "isbot",
  "jpeg-js",
  "lucide-react",
  "partyserver",
  "partysocket",
  "partysocket/ws",
  "radix-ui",
  "react",
  "react-dom/server",
  "react/jsx-dev-runtime",
  "zod",
];
