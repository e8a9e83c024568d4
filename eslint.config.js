import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "media", "data"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Tests must not be focused or skipped, and must not hide races behind fixed sleeps.
      "no-restricted-properties": [
        "error",
        { object: "it", property: "only" },
        { object: "it", property: "skip" },
        { object: "test", property: "only" },
        { object: "test", property: "skip" },
        { object: "describe", property: "only" },
        { object: "describe", property: "skip" },
        { property: "waitForTimeout", message: "Wait for a condition, not a fixed time." },
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
