// The pre-flight rules of `npm run deploy` (scripts/deploy.mjs): pure functions of the configuration Wrangler
// resolves (its `unstable_readConfig`, the same reading `wrangler deploy` makes) and of the secret names the
// production Worker has. Unit-tested in scripts/deploy-rules.test.ts.
import {
  NOBODY_CAN_SIGN_IN,
  OPTIONAL_SERVICES,
  SIGN_IN_SERVICES,
  serviceConfigured,
} from "../workers/domain/operations/optional-services.ts";

/** The environment `npm run deploy` deploys; the top level of wrangler.toml is the local Worker. */
export const PRODUCTION_ENV = "production";

/** Hosts that name no deployment: this machine, the documentation domains, and the unfilled workers.dev example. */
function placeholderHost(host) {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (["localhost", "127.0.0.1", "::1", "0.0.0.0"].includes(name) || name.endsWith(".localhost")) return "this machine";
  if (/(^|\.)example(\.(com|net|org))?$/.test(name) || /\.(test|invalid|local)$/.test(name)) return "an example domain";
  // A real workers.dev address has the Worker's name and the account's subdomain: <worker>.<subdomain>.workers.dev.
  if (name === "workers.dev" || (name.endsWith(".workers.dev") && name.split(".").length < 4))
    return "a workers.dev address with no account subdomain";
  return null;
}

/** Why PUBLIC_ORIGIN cannot be production's address, or null when it can. */
export function originProblem(origin) {
  if (!origin) return "PUBLIC_ORIGIN is not set in [env.production.vars].";
  let url;
  try {
    url = new URL(origin);
  } catch {
    return `PUBLIC_ORIGIN "${origin}" is not a URL.`;
  }
  const placeholder = placeholderHost(url.hostname);
  if (placeholder) {
    return `PUBLIC_ORIGIN "${origin}" is a placeholder (${placeholder}): set [env.production.vars] PUBLIC_ORIGIN to the address members use (a custom domain, or https://<worker>.<your-subdomain>.workers.dev).`;
  }
  if (url.protocol !== "https:") return `PUBLIC_ORIGIN "${origin}" must be an https:// address.`;
  if (url.origin !== origin.replace(/\/$/, ""))
    return `PUBLIC_ORIGIN "${origin}" must be an origin only (scheme and host), with no path or query.`;
  return null;
}

/** The names of a resolved config's bindings, per kind: what the Worker's code reaches through `env`. */
export function bindingNames(config) {
  return {
    "D1 database": (config.d1_databases ?? []).map((b) => b.binding),
    "KV namespace": (config.kv_namespaces ?? []).map((b) => b.binding),
    "R2 bucket": (config.r2_buckets ?? []).map((b) => b.binding),
    "Durable Object": (config.durable_objects?.bindings ?? []).map((b) => b.name),
    "queue producer": (config.queues?.producers ?? []).map((b) => b.binding),
    "queue consumer": (config.queues?.consumers ?? []).map((b) => b.queue),
    "version metadata": config.version_metadata ? [config.version_metadata.binding] : [],
  };
}

/** Settings local runs may have that production must not. */
const PRODUCTION_VALUES = { AUTH_DEV_LOGIN: "false", WEBHOOK_ALLOW_PRIVATE_URLS: "false" };

/**
 * Everything that makes `[env.production]` unfit to deploy, given the local (top-level) config beside it. Wrangler
 * does not inherit bindings or vars into an environment, so each one the local Worker has must be named again.
 */
export function preflightProblems(local, production) {
  const problems = [];
  if (production.targetEnvironment !== PRODUCTION_ENV) problems.push(`wrangler.toml has no [env.${PRODUCTION_ENV}] section.`);
  if (!production.name) problems.push("[env.production] has no Worker name.");
  else if (production.name === local.name) {
    problems.push(
      `[env.production] and the top level share the Worker name "${local.name}": a bare \`wrangler deploy\` would replace production.`,
    );
  }
  const have = bindingNames(production);
  for (const [kind, names] of Object.entries(bindingNames(local))) {
    for (const name of names) {
      if (!have[kind].includes(name)) problems.push(`[env.production] lacks the ${kind} binding ${name} that the Worker uses.`);
    }
  }
  const vars = production.vars ?? {};
  for (const name of Object.keys(local.vars ?? {})) {
    if (!(name in vars)) problems.push(`[env.production.vars] lacks ${name} (vars are not inherited from the top level).`);
  }
  for (const [name, value] of Object.entries(PRODUCTION_VALUES)) {
    if (name in vars && vars[name] !== value) problems.push(`[env.production.vars] ${name} must be "${value}" in production.`);
  }
  const origin = originProblem(vars.PUBLIC_ORIGIN);
  if (origin) problems.push(origin);
  if (!production.observability?.enabled)
    problems.push("[env.production.observability] is not enabled: the Worker's log lines would not be kept.");
  return problems;
}

/**
 * The optional services production lacks, given the names of its secrets: each with what members lose, and the
 * secrets that would turn it on. Services not built yet are left out (nothing to set). With no sign-in provider at
 * all, that comes first.
 */
export function missingServices(secretNames) {
  const isSet = (name) => secretNames.includes(name);
  const missing = Object.entries(OPTIONAL_SERVICES)
    .filter(([name, service]) => service.built && !serviceConfigured(name, isSet))
    .map(([name, service]) => ({
      name,
      label: service.label,
      without: service.without,
      secrets: service.secrets.filter((s) => !isSet(s)),
    }));
  if (!SIGN_IN_SERVICES.some((name) => serviceConfigured(name, isSet))) {
    missing.unshift({ name: "signIn", label: "Any sign-in provider", without: NOBODY_CAN_SIGN_IN, secrets: [] });
  }
  return missing;
}

/** `wrangler secret list --format json` answers `[{ name, type }]`; anything else is not a list we can read. */
export function secretNamesOf(stdout) {
  const parsed = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error("wrangler secret list did not answer a list");
  return parsed.map((entry) => String(entry.name));
}
