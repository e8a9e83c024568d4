import { describe, expect, it } from "vitest";
import { formatReport, measureRoutes, overBudget, type BudgetConfig, type ChunkInfo } from "./bundle-budgets.js";

const chunk = (fileName: string, gzipBytes: number, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  moduleId: null,
  isEntry: false,
  imports: [],
  gzipBytes,
  ...extra,
});

// A fixture build: an entry sharing a vendor chunk with two routes, one route pulling a heavy form library.
const chunks: ChunkInfo[] = [
  chunk("index.js", 60_000, { isEntry: true, moduleId: "/app/src/client/main.tsx", imports: ["vendor.js"] }),
  chunk("vendor.js", 20_000),
  chunk("forms.js", 50_000),
  chunk("landing.js", 2_000, { moduleId: "/app/src/client/app/routes/landing.tsx", imports: ["vendor.js"] }),
  chunk("login.js", 3_000, { moduleId: "/app/src/client/app/routes/login.tsx", imports: ["forms.js"] }),
  chunk("trail.js", 1_000, { moduleId: "/app/src/client/features/trail.tsx" }),
];

const config: BudgetConfig = {
  routesDir: "/src/client/app/routes/",
  routes: {
    landing: { limit: 90_000, alsoLoads: ["/features/trail.tsx"] },
    default: { limit: 100_000, alsoLoads: [] },
  },
};

describe("bundle budgets", () => {
  it("counts the entry, the route, its extra pieces and their imports, shared chunks once", () => {
    const sizes = measureRoutes(chunks, config);
    const landing = sizes.find((s) => s.route === "landing");
    expect(landing).toEqual({
      route: "landing",
      gzipBytes: 60_000 + 20_000 + 2_000 + 1_000,
      limit: 90_000,
      files: ["index.js", "landing.js", "trail.js", "vendor.js"],
    });
  });

  it("reports a route over its budget, and the table says so", () => {
    const sizes = measureRoutes(chunks, config);
    const over = overBudget(sizes);
    expect(over.map((s) => s.route)).toEqual(["login"]);
    expect(over[0]!.gzipBytes).toBe(60_000 + 20_000 + 50_000 + 3_000);
    const report = formatReport(sizes);
    expect(report).toMatch(/login\s+133\.0 KB\s+100\.0 KB\s+OVER BUDGET/);
    expect(report).toMatch(/landing\s+83\.0 KB\s+90\.0 KB\s+ok/);
  });

  it("fails loudly when a piece named in a budget is no longer in the build", () => {
    const renamed = { ...config, routes: { ...config.routes, landing: { limit: 1, alsoLoads: ["/gone.tsx"] } } };
    expect(() => measureRoutes(chunks, renamed)).toThrow(/no chunk for \/gone\.tsx/);
  });
});
