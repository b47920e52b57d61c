import { z } from "zod";

/**
 * The project's one value import of zod (eslint's no-restricted-imports sends every other one here), so this
 * setting comes before any schema is built. The pages' CSP allows no eval, so zod must not compile parsers
 * with `new Function` (zod's documented setting for CSP-restricted environments); without it, building the
 * first object schema in the browser probes for eval, which Chromium reports as a CSP violation (Lighthouse's
 * best practices on the lobby). Inside Workers zod never compiles parsers anyway, so the server is unchanged.
 */
z.config({ jitless: true });

export { z };
