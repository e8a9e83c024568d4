/**
 * Page-load benchmark (`npm run bench:pages`): Lighthouse 12, mobile profile (its default:
 * simulated slow 4G and 4x CPU slowdown), on /, /stories, /store, /creators and /likes of the
 * built site over a scratch database. The landing page is measured signed out (signed in, it
 * sends you on to /home); the others with the session cookie of an account signed up through the
 * API first. Prints each category's score and the layout shift per page, then every audit that
 * did not pass, so a regression names its cause. Targets (docs/decisions/0013): Performance >= 95,
 * Accessibility, Best Practices and SEO 100, CLS 0.
 *
 * Chromium: CHROME_PATH, else the distribution's (scripts/chromium.mjs). Port: BENCH_PORT (4390).
 * BENCH_REPORT_DIR=dir keeps each page's full Lighthouse report (JSON) there, for the details.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// @ts-expect-error -- plain ESM helper shared with the scripts
import { findChromium } from "../scripts/chromium.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const ORIGIN = `http://localhost:${PORT}`;
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: "/", signedIn: false },
  { path: "/stories", signedIn: true },
  { path: "/store", signedIn: true },
  { path: "/creators", signedIn: true },
  { path: "/likes", signedIn: true },
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--no-first-run",
];

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see its output above`);
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer on ${ORIGIN} within two minutes`);
}

/** A fresh account; its session cookie ("name=value; …") for the signed-in pages. */
async function signUp(): Promise<string> {
  const id = Date.now().toString(36);
  const password = "violet skies 77";
  const res = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({
      username: `bench${id}`,
      email: `bench.${id}@example.com`,
      phone: "+1 (555) 010-2000",
      password,
      confirmPassword: password,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (cookies.length === 0) throw new Error("sign-up set no cookie");
  return cookies.join("; ");
}

interface Row {
  path: string;
  scores: number[];
  cls: number;
  failing: string[];
}

async function audit(port: number, path: string, cookie: string | undefined): Promise<Row> {
  const result = await lighthouse(`${ORIGIN}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const reportDir = process.env.BENCH_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${path.replace(/\W+/g, "-").replace(/^-$/, "landing").replace(/^-/, "")}.json`), JSON.stringify(lhr));
  }
  const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
    .filter((a) => a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return { path, scores, cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN, failing };
}

async function main() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("no Chromium found: set CHROME_PATH or run `node scripts/find-chromium.mjs`");
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: { ...process.env, E2E_PORT: String(PORT), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    await waitForServer(server);
    const cookie = await signUp();
    const rows: Row[] = [];
    for (const page of PAGES) {
      const cookieFor = page.signedIn ? cookie : undefined;
      // Lighthouse now and then fails to record a trace (NO_NAVSTART); one retry, then give up.
      rows.push(await audit(chrome.port, page.path, cookieFor).catch(() => audit(chrome.port, page.path, cookieFor)));
      console.error(`measured ${page.path}`);
    }
    const header = ["page", "Performance", "Accessibility", "Best Practices", "SEO", "CLS"];
    const table = rows.map((r) => [r.path, ...r.scores.map(String), r.cls.toFixed(3)]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const row of table) console.log(line(row));
    for (const r of rows) if (r.failing.length > 0) console.log(`\n${r.path} — not passing: ${r.failing.join(", ")}`);
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
