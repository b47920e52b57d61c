// ESLint (flat config): TypeScript, React hooks and accessibility rules; formatting is Prettier's job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring away a field, an ignored argument).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The room's SQLite storage is written with tagged templates (`this.sql\`...\``) for their effect.
      "@typescript-eslint/no-unused-expressions": ["error", { allowTaggedTemplates: true, allowShortCircuit: true }],
    },
  },
  {
    // zod's setting for the pages' CSP (jitless) is made in workers/lib/zod.ts, which must be imported first.
    ignores: ["workers/lib/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import { z } from workers/lib/zod (it configures zod for the CSP).", allowTypeImports: true }] },
      ],
    },
  },
  {
    // Tests read untyped JSON answers of the real Worker.
    files: ["test/**", "e2e/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
