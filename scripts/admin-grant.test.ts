import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The operator's command that names a site administrator (scripts/admin-grant.mjs, docs/operations.md), run as an
// operator runs it, against a local D1 database of its own made from the migrations (not the browser tests' running
// server: writing the D1 file beside it made another request fail with SQLITE_BUSY).

const dir = mkdtempSync(join(tmpdir(), "admin-grant-"));
const wrangler = join("node_modules", ".bin", "wrangler");

function d1(args: string[]) {
  const result = spawnSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", dir, ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/**
 * The site administrators, read from the database's file itself while no wrangler runs (each wrangler run starts the
 * local runtime: about 7 s in `npm test`, and this file's reads were a third of its runs).
 */
function admins(): { user_id: string; note: string }[] {
  const objects = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(objects).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const db = new DatabaseSync(join(objects, file!), { readOnly: true });
  try {
    return db.prepare("SELECT user_id, note FROM site_admins ORDER BY user_id").all() as { user_id: string; note: string }[];
  } finally {
    db.close();
  }
}

const grant = (...args: string[]) =>
  spawnSync("node", ["scripts/admin-grant.mjs", ...args, "--local", "--persist-to", dir], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });

beforeAll(() => {
  // Every migration in one file: one wrangler run instead of one a migration.
  const schema = readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFileSync(join("migrations", f), "utf8"))
    .join("\n");
  const file = join(dir, "schema.sql");
  writeFileSync(file, `${schema}\nINSERT INTO users (id, email) VALUES ('member-a', 'Ada@example.com'), ('member-b', 'bo@example.com');\n`);
  d1(["--file", file]);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run admin:grant", () => {
  it("names a member by e-mail (any case) or id, once, and --revoke un-names them", () => {
    expect(grant("ada@EXAMPLE.com").status).toBe(0);
    expect(grant("member-b").status).toBe(0);
    expect(grant("member-b").status).toBe(0);
    expect(admins()).toEqual([
      { user_id: "member-a", note: "admin:grant" },
      { user_id: "member-b", note: "admin:grant" },
    ]);
    expect(grant("member-a", "--revoke").status).toBe(0);
    expect(admins()).toEqual([{ user_id: "member-b", note: "admin:grant" }]);
  }, 120_000);

  it("refuses what is neither an id nor an e-mail, and names nobody it does not know", () => {
    const bad = grant("x'; DROP TABLE users; --");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("neither a member id nor an e-mail address");
    expect(grant("nobody@example.com").status).toBe(0);
    expect(admins()).toEqual([{ user_id: "member-b", note: "admin:grant" }]);
  }, 120_000);
});
