// Which card services a local run (`npm start`, `npm run dev`) uses: the fake on localhost by default, or the real
// ones when SCRYFALL_API_URL is set in the environment. The browser and Worker tests never ask this: they always
// start the fake (scripts/e2e.mjs through serve(), test/global-setup.ts), so nothing in `npm test` reaches the internet.

/** The Worker variables a local run takes from the environment when it uses real card services. */
export const CARD_SERVICE_VARIABLES = ["SCRYFALL_API_URL", "CARD_IMAGE_ORIGIN", "ARCHIDEKT_API_URL", "CARD_POOL_BUILD"];

/**
 * The card services for a local run, decided from its environment. `SCRYFALL_API_URL` unset or empty: the fake card
 * service (`{ fake: true }`). Set: no fake, and `vars` are the Worker variables to pass, that one and any other of
 * CARD_SERVICE_VARIABLES set beside it; the rest keep wrangler.toml's `[vars]` (Scryfall's image host, Archidekt,
 * Moxfield, no whole-pool build). A value that is not an http(s) URL (or `true`/`false` for CARD_POOL_BUILD) throws.
 * @param {Record<string, string | undefined>} env
 * @returns {{ fake: true } | { fake: false, vars: Record<string, string> }}
 */
export function chooseCardServices(env) {
  if (!env.SCRYFALL_API_URL?.trim()) return { fake: true };
  const vars = {};
  for (const name of CARD_SERVICE_VARIABLES) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (name === "CARD_POOL_BUILD" ? value !== "true" && value !== "false" : !isHttpUrl(value)) {
      throw new Error(`${name}=${value} is not ${name === "CARD_POOL_BUILD" ? '"true" or "false"' : "an http(s) URL"}`);
    }
    vars[name] = value.replace(/\/+$/, "");
  }
  return { fake: false, vars };
}

/** One line for the console saying where this run's card data comes from. */
export function describeCardServices(choice, fakeUrl) {
  return choice.fake
    ? `Card data: the fake card service on ${fakeUrl} (400 cards; SCRYFALL_API_URL=https://api.scryfall.com for the real ones)`
    : `Card data: ${choice.vars.SCRYFALL_API_URL} (SCRYFALL_API_URL is set; images, deck sites and bulk data as wrangler.toml names them unless set too)`;
}

function isHttpUrl(value) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
