// npm run admin:grant -- <member id or e-mail> [--revoke] [--env production | --local [--persist-to <dir>]]
// Names (or, with --revoke, un-names) a site administrator (issue 38): one `wrangler d1 execute` on `site_admins`.
// The product never grants this role itself; an operator runs this command. The member must have signed in once.
// Without --env, it runs against the local database (as `npm run dev` uses it).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const args = process.argv.slice(2);
const who = args.find((a, i) => !a.startsWith("--") && !["--env", "--persist-to"].includes(args[i - 1] ?? ""));
if (!who) {
  process.stderr.write(
    "Usage: npm run admin:grant -- <member id or e-mail> [--revoke] [--env production | --local [--persist-to <dir>]]\n",
  );
  process.exit(2);
}
if (!/^[A-Za-z0-9@._+-]{1,254}$/.test(who)) {
  process.stderr.write("That is neither a member id nor an e-mail address.\n");
  process.exit(2);
}
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const env = option("--env");
const persistTo = option("--persist-to");
const where = env ? ["--remote", "--env", env] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
// The value passed the check above (no quote can be in it), so it is safe inside the SQL's quotes.
const member = `(SELECT id FROM users WHERE id = '${who}' OR lower(email) = lower('${who}'))`;
const sql = args.includes("--revoke")
  ? `DELETE FROM site_admins WHERE user_id IN ${member};`
  : `INSERT OR IGNORE INTO site_admins (user_id, note) SELECT id, 'admin:grant' FROM users WHERE id IN ${member};`;
const result = spawnSync(join("node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", ...where, "--command", sql], {
  stdio: "inherit",
  env: { ...process.env, CI: "true" },
});
process.exit(result.status ?? 1);
