import { defineConfig } from "vitest/config";

// *.pg.test.ts files need PostgreSQL itself (e.g. killing its connections): only in the
// PostgreSQL run (TEST_DB=postgres, npm run test:pg), so the SQLite run reports nothing skipped.
const EXCLUDE = process.env.TEST_DB === "postgres" ? ["**/node_modules/**"] : ["**/node_modules/**", "src/**/*.pg.test.ts"];

/**
 * Files that need a module graph of their own: they replace modules (vi.mock) or spy on shared
 * ones, or read the working directory when a module loads (security-headers: static.ts).
 */
const ISOLATED = [
  "src/client/components/markdown/markdown-body.test.tsx",
  "src/client/features/cart/cart-provider.test.tsx",
  "src/client/features/creators/application-provider.test.tsx",
  "src/client/features/favorites/favorites-provider.test.tsx",
  "src/client/features/studio/components/story-editor.test.tsx",
  "src/client/lib/api.test.ts",
  "src/server/db/statement-cache.test.ts",
  "src/server/lib/cache-hits.test.ts",
  "src/server/pages/pages.test.ts",
  "src/server/security-headers.test.ts",
  // The PostgreSQL faults (cut and killed connections under spawned servers): one stalled past
  // its timeout in a shared worker. Only the PostgreSQL pass runs them (EXCLUDE).
  "src/**/*.pg.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // The server bundle the spawned-server tests run (src/server/test/process.ts).
    globalSetup: ["scripts/vitest-build-server.mjs"],
    setupFiles: ["scripts/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Every other file shares its worker's modules with the files before it: importing the
        // server (Hono, better-auth, the schemas, the e-mail templates) once per worker instead of
        // once per file halved the run (8.4 → 4.7 min on the 2-core CI machine), on either
        // database. Each file still builds its own app, database and servers in its hooks.
        test: {
          name: "shared",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: [...EXCLUDE, ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
