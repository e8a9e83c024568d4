import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Tests must not be focused or skipped, and must not hide races behind fixed sleeps.
const testDiscipline = [
  { object: "it", property: "only" },
  { object: "it", property: "skip" },
  { object: "test", property: "only" },
  { object: "test", property: "skip" },
  { object: "describe", property: "only" },
  { object: "describe", property: "skip" },
  { property: "waitForTimeout", message: "Wait for a condition, not a fixed time." },
];

// The import rules of the house (common stays pure, features keep to themselves, no cycles) are
// checked over the whole import graph by src/build/house-rules.ts, which `npm run lint` runs next.
export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "media", "data", "**/*.tmp.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", ...testDiscipline],
    },
  },
  {
    // Settings are read and validated in one place, so a bad value stops start-up with its name.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/config.ts", "src/server/test/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...testDiscipline,
        { object: "process", property: "env", message: "Read settings in src/server/config.ts (loadConfig) and pass them on." },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
