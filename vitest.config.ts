import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    // *.pg.test.ts files need PostgreSQL itself (e.g. killing its connections): only in the
    // PostgreSQL run (TEST_DB=postgres, npm run test:pg), so the SQLite run reports nothing skipped.
    exclude: process.env.TEST_DB === "postgres" ? ["**/node_modules/**"] : ["**/node_modules/**", "src/**/*.pg.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
