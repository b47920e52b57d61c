// ESLint (flat config): TypeScript, React hooks and accessibility rules; formatting is Prettier's job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ZOD = { name: "zod", message: "Import { z } from workers/lib/zod (it configures zod for the CSP).", allowTypeImports: true };

/** One `no-restricted-imports` entry per layer, each with the zod rule (workers/lib/zod.ts itself may import zod). */
function importRules(layers) {
  return layers.map(({ files, ignores = [], patterns }) => ({
    files,
    ignores: [...ignores, "workers/lib/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [ZOD], patterns }] },
  }));
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".wrangler/**",
      "workers/worker-configuration.d.ts",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
  },
  {
    // The classic hooks rules. The plugin's React Compiler rules (purity, refs, set-state-in-effect) are left
    // off: the app does not use the compiler, and they flag patterns that are correct without it.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["**/*.mjs", "scripts/**", "bench/**", "*.config.*"], languageOptions: { globals: globals.node } },
  {
    // No import cycles in the product's code, lazily loaded chunks (`import()`) included: a cycle means two
    // modules are one, or an arrow runs the wrong way. (Type-only imports are erased; the rule skips them.)
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "durable-objects/**/*.ts", "card-vision/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring away a field, an ignored argument).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The room's SQLite storage is written with tagged templates (`this.sql\`...\``) for their effect.
      "@typescript-eslint/no-unused-expressions": ["error", { allowTaggedTemplates: true, allowShortCircuit: true }],
    },
  },
  // Imports: zod only through workers/lib/zod, and the layers' arrows in one direction (README, "Layers"). A
  // file gets the one rule entry of its layer (a later entry for the same rule replaces an earlier one).
  ...importRules([
    { files: ["**/*.{ts,tsx,mjs}"], patterns: [] },
    {
      // The browser and the room share workers/contract (room/ for the socket); neither imports the other.
      files: ["durable-objects/**"],
      patterns: [
        {
          group: [
            "**/workers/http/*",
            "**/workers/auth/*",
            "**/workers/api/*",
            "**/workers/ws",
            "**/workers/domain/rooms",
            "**/app/**",
            "~/*",
          ],
          message:
            "The room imports the contract (workers/contract) and the domain's room records and rules; the room service (domain/rooms.ts) calls the room, never the reverse; the Worker injects the rest (workers/app.ts).",
        },
      ],
    },
    {
      files: ["workers/**"],
      patterns: [{ group: ["**/app/**", "~/*"], message: "Server code imports no UI code: values both need live in workers/contract." }],
    },
    {
      files: ["workers/domain/**"],
      patterns: [
        { group: ["**/app/**", "~/*"], message: "Server code imports no UI code: values both need live in workers/contract." },
        {
          group: ["**/http/*", "**/api/*", "**/auth/*", "**/ws", "**/durable-objects/**"],
          message: "The domain knows nothing of HTTP, sessions or the Durable Object: callers pass what it needs.",
        },
      ],
    },
    {
      // Clients of outside services (TURN credentials): callers hand them configuration and use what they answer.
      files: ["workers/services/**"],
      patterns: [
        {
          group: ["**/domain/*", "**/db/*", "**/http/*", "**/api/*", "**/auth/*", "**/ws", "**/durable-objects/**", "**/app/**", "~/*"],
          message: "An outside service's client imports only the contract and workers/lib.",
        },
      ],
    },
    {
      // The card identifier: pure functions on typed arrays that the browser, the Worker and the benchmark all run.
      files: ["card-vision/**"],
      patterns: [
        {
          group: ["**/workers/**", "**/durable-objects/**", "**/app/**", "~/*", "react", "react-dom"],
          message: "card-vision imports nothing outside itself: the browser, the Worker and the benchmark each run it as it is.",
        },
      ],
    },
    {
      files: ["workers/contract/**"],
      patterns: [
        {
          group: ["**/domain/*", "**/db/*", "**/http/*", "**/api/*", "**/auth/*", "**/ws", "**/durable-objects/**", "**/app/**", "~/*"],
          message:
            "The contract is shared by the browser, the Worker and the room: it imports only other contract modules and workers/lib.",
        },
      ],
    },
    {
      // Client code: components, hooks and browser helpers (server modules and route modules may read the domain).
      files: ["app/components/**", "app/hooks/**", "app/lib/**"],
      ignores: ["**/*.server.ts", "**/*.test.ts"],
      patterns: [
        {
          group: ["**/workers/domain/*", "**/workers/db/*", "**/workers/auth/*", "**/workers/http/*", "**/workers/api/*", "**/workers/ws"],
          allowTypeImports: true,
          message: "Client code imports the contract (workers/contract) and types only: server modules would ship to the browser.",
        },
        { group: ["**/durable-objects/**"], message: "The browser speaks to the room through workers/contract/room only." },
        {
          group: ["**/routes/**", "~/routes/**", "**/root", "~/root"],
          message: "A route owns its loader and action; components take data and callbacks and import nothing back from routes.",
        },
      ],
    },
  ]),
  {
    // Roles (issue 38): who is an administrator or a realm's moderator is read only in workers/domain/moderation/
    // (facts.ts gathers the facts, roles.ts `can` decides), so no page, route or frame decides a role by itself.
    files: ["**/*.{ts,tsx}"],
    ignores: ["workers/domain/moderation/**", "workers/db/schema.ts", "test/**", "e2e/**", "scripts/**", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportSpecifier[imported.name=/^(siteAdmins|realmModerators)$/]",
          message: "Roles are read in workers/domain/moderation/facts.ts and decided by can() in roles.ts: ask can().",
        },
        {
          selector:
            "Literal[value=/\\b(site_admins|realm_moderators)\\b/], TemplateElement[value.raw=/\\b(site_admins|realm_moderators)\\b/]",
          message: "Roles are read in workers/domain/moderation/facts.ts and decided by can() in roles.ts: ask can().",
        },
      ],
    },
  },
  {
    // The server writes to the console only through its structured logger (workers/lib/logger.ts: one JSON object
    // per line with the request id), so every line is one an operator can query. Browser code may use the console.
    files: ["workers/**/*.ts", "durable-objects/**/*.ts", "app/entry.server.tsx", "app/**/*.server.ts"],
    ignores: ["workers/lib/logger.ts", "**/*.test.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Tests read untyped JSON answers of the real Worker.
    files: ["test/**", "e2e/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
