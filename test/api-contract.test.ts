import { describe, expect, it } from "vitest";
import { app } from "../workers/app";
import { API_CONTRACT } from "../workers/contract";

/** Every concrete route the Hono app serves under /api, as "METHOD /path". */
function servedRoutes(): string[] {
  const routes = new Set<string>();
  for (const r of app.routes) {
    if (!r.path.startsWith("/api/") || r.path.endsWith("*") || r.method === "ALL") continue;
    routes.add(`${r.method} ${r.path}`);
  }
  return [...routes].sort();
}

describe("API reference completeness", () => {
  it("documents every /api route the Worker serves, and nothing it does not", () => {
    const documented = API_CONTRACT.map((d) => `${d.method.toUpperCase()} ${d.path}`).sort();
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented).toEqual(servedRoutes());
  });
});
