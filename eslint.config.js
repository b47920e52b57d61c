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

/** The folders of workers/ (a new one needs its entry below). */
const WORKER_FOLDERS = ["api", "auth", "contract", "db", "domain", "http", "lib", "services"];
/** Domain modules the room imports (durable-objects/**); any other domain module is the room service's side. */
const ROOM_DOMAIN_MODULES = ["rooms/room-d1", "rooms/room-rules", "rooms/seat-decks", "cards/card-cache", "cards/card-lookups", "errors"];
/** The server layers below HTTP that only the Worker, the domain and the room import. */
const SERVER_LAYERS = [
  "**/workers/domain/**",
  "**/workers/db/**",
  "**/workers/http/**",
  "**/workers/api/**",
  "**/workers/auth/**",
  "**/workers/ws",
  "**/domain/**",
  "**/db/**",
  "**/http/**",
  "**/api/**",
  "**/auth/**",
];
/**
 * The Worker's entries as a module inside workers/ names them: by the folder (`../workers/ws`) or relatively from
 * within (`../load-context`). Not for app/, where `partysocket/ws` is a package.
 */
const WORKER_ENTRIES = [
  "**/workers/app",
  "**/workers/ws",
  "**/workers/inbox-socket",
  "**/workers/load-context",
  "**/app",
  "**/ws",
  "**/inbox-socket",
  "**/load-context",
];
const NO_UI = { group: ["**/app/**", "~/*"], message: "Server code imports no UI code: values both need live in workers/contract." };
const NO_ROOM_FROM_APP = {
  group: ["**/durable-objects/**"],
  message: "The browser speaks to the room through workers/contract/room only.",
};
const NO_ROOM_FROM_WORKER = {
  group: ["**/durable-objects/**"],
  message: "Only workers/app.ts imports the room's class (to export it); the room service reaches a room through its RPC methods.",
};
const NO_WORKER_ENTRY = {
  group: ["**/workers/app", "**/workers/ws", "**/workers/inbox-socket", "**/workers/load-context"],
  message: "The Worker's entry points are the runtime's, not a module to import.",
};
const NO_TOOLS = {
  group: ["**/scripts/**", "**/bench/**", "**/e2e/**"],
  message: "The product imports no tools, benches or browser tests: they import the product.",
};

const ANOTHER_ROUTE = "A route imports no other route's module: a loader's or action's helper another page shares is a *.server.ts module.";
/** The rules of a route module and its *.server.ts, with the pattern that tells another route's module by its path. */
function routePatterns(anotherRoute) {
  return [
    NO_ROOM_FROM_APP,
    NO_WORKER_ENTRY,
    NO_TOOLS,
    {
      group: ["**/workers/api/**", "**/workers/http/**", "**/workers/services/**"],
      message:
        "A route's loader and action call the domain (workers/domain), not /api handlers, the Worker's middleware or outside services' clients.",
    },
    {
      group: ["**/routes/**", "~/routes/**"],
      message: "A route owns its loader and action: shared code lives in app/components, app/lib or the domain.",
    },
    anotherRoute,
  ];
}

/** One `no-restricted-imports` entry per layer, each with the zod rule (workers/lib/zod.ts itself may import zod). */
function importRules(layers) {
  return layers.map(({ files, ignores = [], patterns, zodDirect = false }) => ({
    files,
    ignores: [...ignores, "workers/lib/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: zodDirect ? [] : [ZOD], patterns }] },
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
  // Imports: zod only through workers/lib/zod, and the layers' arrows in one direction (docs/architecture.md,
  // "Layers": the same table). Every folder has an entry; a file gets the LAST entry whose `files` match it (a later
  // entry for the same rule replaces an earlier one), so the general entries come first and the narrower after.
  // Patterns are gitignore-style and end in `/**` (or name a module), so folders nested inside a layer count too.
  ...importRules([
    { files: ["**/*.{ts,tsx,mjs}"], patterns: [] },
    {
      // Every module of app/ (root, entries, routes, server helpers): the room only through workers/contract/room.
      files: ["app/**"],
      patterns: [NO_ROOM_FROM_APP, NO_WORKER_ENTRY, NO_TOOLS],
    },
    {
      // Route modules and their *.server.ts, in a folder per route: loaders and actions call the domain (Remix strips
      // them from the browser's bundle); HTTP plumbing, /api handlers and services' clients are the Worker's, and a
      // route imports no other route's module (`../<route>/…`), only a `*.server` helper another route folder offers.
      files: ["app/routes/*/**"],
      patterns: routePatterns({ regex: "^\\.\\./(?!\\.)(?!.*\\.server$)", message: ANOTHER_ROUTE }),
    },
    {
      // Flat route files (app/routes/privacy.tsx): a file beside them is another route.
      files: ["app/routes/*.{ts,tsx}"],
      patterns: routePatterns({ regex: "^\\./(?!.*\\.server$)", message: ANOTHER_ROUTE }),
    },
    {
      // Client code: components, hooks and browser helpers (server modules and route modules may read the domain).
      files: ["app/components/**", "app/hooks/**", "app/lib/**"],
      ignores: ["**/*.server.ts", "**/*.test.ts"],
      patterns: [
        {
          group: [
            "**/workers/domain/**",
            "**/workers/db/**",
            "**/workers/auth/**",
            "**/workers/http/**",
            "**/workers/api/**",
            "**/workers/services/**",
          ],
          allowTypeImports: true,
          message: "Client code imports the contract (workers/contract) and types only: server modules would ship to the browser.",
        },
        NO_ROOM_FROM_APP,
        NO_WORKER_ENTRY,
        NO_TOOLS,
        {
          group: ["**/routes/**", "~/routes/**", "**/root", "~/root"],
          message: "A route owns its loader and action; components take data and callbacks and import nothing back from routes.",
        },
      ],
    },
    {
      // The Worker's HTTP side (load-context.ts, ws.ts, inbox-socket.ts, api/, http/, auth/): no UI code; the room's
      // class and the Worker's entry only in workers/app.ts, which exports the class to the runtime.
      files: ["workers/**"],
      ignores: ["workers/app.ts"],
      patterns: [
        NO_UI,
        NO_ROOM_FROM_WORKER,
        NO_TOOLS,
        {
          regex: "(^|/)workers/app$|^(\\.\\./)+app$|^\\./app$",
          message: "workers/app.ts is the Worker's entry: it imports the Worker's parts, never the reverse.",
        },
      ],
    },
    { files: ["workers/app.ts"], patterns: [NO_UI, NO_TOOLS] },
    {
      files: ["workers/domain/**"],
      patterns: [
        NO_UI,
        NO_TOOLS,
        {
          group: [
            "**/workers/http/**",
            "**/workers/api/**",
            "**/workers/auth/**",
            ...WORKER_ENTRIES,
            "**/http/**",
            "**/api/**",
            "**/auth/**",
            "**/durable-objects/**",
          ],
          message: "The domain knows nothing of HTTP, sessions or the Durable Object: callers pass what it needs.",
        },
      ],
    },
    {
      // Clients of outside services (TURN credentials, the card source, card pictures): callers hand them
      // configuration and use what they answer.
      files: ["workers/services/**"],
      patterns: [
        NO_TOOLS,
        {
          group: [...new Set([...SERVER_LAYERS, ...WORKER_ENTRIES]), "**/durable-objects/**", "**/app/**", "~/*"],
          message: "An outside service's client imports only the contract, workers/lib and card-vision.",
        },
      ],
    },
    {
      files: ["workers/contract/**"],
      patterns: [
        NO_TOOLS,
        {
          group: [
            ...new Set([...SERVER_LAYERS, ...WORKER_ENTRIES]),
            "**/workers/services/**",
            "**/durable-objects/**",
            "**/card-vision/**",
            "**/app/**",
            "~/*",
          ],
          message:
            "The contract is shared by the browser, the Worker and the room: it imports only other contract modules and workers/lib.",
        },
      ],
    },
    {
      // The one Drizzle schema and the D1 client: below every layer that reads D1.
      files: ["workers/db/**"],
      patterns: [
        NO_TOOLS,
        {
          group: [
            "**/workers/domain/**",
            "**/workers/http/**",
            "**/workers/api/**",
            "**/workers/auth/**",
            "**/workers/services/**",
            ...WORKER_ENTRIES,
            "**/durable-objects/**",
            "**/card-vision/**",
            "**/app/**",
            "~/*",
            "**/domain/**",
            "**/http/**",
            "**/api/**",
            "**/auth/**",
          ],
          message: "workers/db imports only the contract and workers/lib: every layer above reads D1 through it.",
        },
      ],
    },
    {
      // Helpers every layer may use (logger, base64url, zod's configuration): they import nothing of the product.
      files: ["workers/lib/**"],
      patterns: [
        NO_TOOLS,
        {
          group: ["**/workers/**", "**/durable-objects/**", "**/app/**", "~/*", "**/card-vision/**", "../*"],
          message: "workers/lib is the bottom layer: it imports nothing of the product.",
        },
      ],
    },
    {
      // The room: the contract, workers/lib, the D1 client, the card source, and the few domain modules written for
      // it (what it asks of D1, its page rules, decks on seats, card lookups through the one limiter, domain errors).
      // The room service (domain/rooms/rooms.ts) calls the room through its RPC methods, never the reverse; the Worker
      // injects the rest (workers/app.ts).
      files: ["durable-objects/**"],
      patterns: [
        NO_UI,
        NO_TOOLS,
        {
          // What the room may import of workers/, as a list of what is allowed: a regular expression, since a
          // gitignore-style `!` cannot re-include a module inside a folder already excluded (workers/domain/rooms/).
          regex: `(^|/)workers/(?!contract/|lib/|db/client$|services/card-source(/|$)|domain/(${ROOM_DOMAIN_MODULES.join("|")})$)`,
          message: `The room imports of workers/ only the contract, workers/lib, workers/db/client, the card source and these domain modules: ${ROOM_DOMAIN_MODULES.join(", ")}. The room service (domain/rooms/rooms.ts) calls the room, never the reverse.`,
        },
        {
          group: ["**/card-vision/**"],
          message: "The room does not run the card identifier: the browser does, and the Worker hashes printings (workers/services).",
        },
      ],
    },
    {
      // The card identifier: pure functions on typed arrays that the browser, the Worker and the benchmark all run.
      files: ["card-vision/**"],
      patterns: [
        NO_TOOLS,
        {
          group: ["**/workers/**", "**/durable-objects/**", "**/app/**", "~/*", "react", "react-dom"],
          message: "card-vision imports nothing outside itself: the browser, the Worker and the benchmark each run it as it is.",
        },
      ],
    },
    {
      // Tools: the local stack, fakes of outside services, deploy and code generation. They may read the product's
      // rule tables; nothing of the product imports them.
      files: ["scripts/**"],
      patterns: [
        {
          group: ["**/app/**", "~/*", "**/durable-objects/**", "**/card-vision/**", "**/e2e/**", "**/bench/**", "**/test/**"],
          message:
            "scripts/ are tools: they may read workers/ (rule tables) and each other, never the UI, the room, the card identifier, the tests or the benches.",
        },
      ],
    },
    {
      // Benchmarks: they drive the product (the room, the Worker) with the tools of scripts/. They run on Node, outside
      // any page, so zod's CSP setting does not concern them (and workers/lib/zod.ts is TypeScript plain node can't run).
      files: ["bench/**"],
      zodDirect: true,
      patterns: [
        {
          group: ["**/app/**", "~/*", "**/e2e/**", "**/test/**"],
          message: "bench/ imports the product and scripts/, never the UI's modules or the tests.",
        },
      ],
    },
    {
      // Worker tests call every layer (that is what they test) and start the fakes of scripts/.
      files: ["test/**"],
      patterns: [
        {
          group: ["**/e2e/**", "**/bench/**"],
          message: "Worker tests import the product and scripts/, not the browser tests or the benches.",
        },
      ],
    },
    {
      // Browser tests drive the built site: the fakes and shared numbers, never the product's modules.
      files: ["e2e/**"],
      patterns: [
        {
          group: [
            "**/app/**",
            "~/*",
            "**/durable-objects/**",
            ...WORKER_FOLDERS.filter((f) => f !== "domain").map((f) => `**/workers/${f}/**`),
            "**/workers/*.ts",
            "**/workers/app",
            "**/workers/ws",
            "**/workers/load-context",
            "**/workers/domain/**",
            "!**/workers/domain/rate-limit-rules",
            "**/test/**",
            "**/bench/**",
          ],
          message:
            "Browser tests drive the running site: they import scripts/ (fakes) and the rate-limit table, nothing else of the product.",
        },
      ],
    },
    {
      // Unit tests beside the Worker's code may read the fakes of outside services (scripts/fakes: the services' own
      // documented shapes); nothing else of the tools, and still no UI or room.
      files: ["workers/**/*.test.ts"],
      patterns: [
        NO_UI,
        NO_ROOM_FROM_WORKER,
        {
          group: ["**/scripts/*.*", "**/bench/**", "**/e2e/**"],
          message: "A unit test beside the product reads only the fakes of scripts/fakes, never the benches or browser tests.",
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
        {
          // A fetcher's data is read during render from the router's own map, not React state: an effect keyed on it
          // alone can be swallowed by a render React bails out of (app/lib/answer-effect.ts).
          selector:
            "CallExpression[callee.name=/^use(Layout)?Effect$/] > ArrayExpression:has(MemberExpression[property.name='data']):not(:has(MemberExpression[property.name='state']))",
          message:
            "An effect keyed on an answer's data alone can be swallowed by a bailed-out render: useAnswerEffect (app/lib/answer-effect.ts).",
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
