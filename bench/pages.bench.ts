/**
 * Page-load benchmark (`npm run bench:pages`): Lighthouse 12, mobile profile (its default:
 * simulated slow 4G and 4x CPU slowdown), on the built site over a scratch database. Every public
 * page is measured as a visitor (server-rendered, docs/decisions/0022): /, /about, /contact,
 * /stories, a story's page, /creators, a creator's page, /store and a shared product link; then
 * /stories, /store and /creators signed in (the session cookie of an account signed up through
 * the API first), /likes and /home. Prints each category's score, LCP, TBT and the layout shift per page,
 * then every audit that did not pass, so a regression names its cause. Targets (docs/decisions/0013,
 * 0022): Performance >= 95, Accessibility, Best Practices and SEO 100, CLS 0, LCP <= 2.0 s and
 * TBT <= 100 ms.
 *
 * Lighthouse's scores move from run to run on a shared machine, so each page is measured
 * BENCH_RUNS times (3) and the run with the median Performance score is the one reported.
 *
 * Chromium: CHROME_PATH, else the distribution's full Chromium (scripts/chromium.mjs). Port: BENCH_PORT (4390).
 * BENCH_PAGES=/about,/creators measures only the pages whose path starts with one of those;
 * BENCH_SIGNED_IN=0 leaves out the signed-in rows.
 * BENCH_REPORT_DIR=dir keeps each page's median Lighthouse report (JSON) there, for the details.
 *
 * It refuses to start when something already answers on the port (a server an earlier run left
 * would be audited instead of this build), and the server, Chromium and the data directory are
 * stopped and removed however it ends (bench/run.ts): finished, failed, interrupted or past its
 * watchdog (60 min; BENCH_WATCHDOG_MIN).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createDb } from "../src/server/db/client.js";
import { insertStory } from "../src/server/db/seed/factories.js";
// @ts-expect-error -- plain ESM helper shared with the scripts
import { findFullChromium } from "../scripts/chromium.mjs";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, refuseBusyPort, removeAtEnd, runBench, stopChild, track } from "./run.js";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = join(tmpdir(), `maybe-bench-pages-${PORT}`);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ONLY = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const WATCHDOG_MS = 60 * 60_000;
const figures = createFigures("pages");

/** The pages, with items of the seed and one published story made for the run. */
async function pages(): Promise<{ path: string; signedIn: boolean }[]> {
  const database = createDb(`file:${join(DATA_DIR, "maybe.db")}`);
  const id = `story-bench-${Date.now().toString(36)}`;
  try {
    await insertStory(database, { id, title: "Night Shift at the Print Shop", body: "## Ink\n\nA page written for the benchmark, with **a few** words.", city: "Detroit", description: "What a print shop sounds like at 3 a.m." });
  } finally {
    await database.close();
  }
  const creators = (await (await fetch(`${ORIGIN}/api/creators?limit=1`)).json()) as { items: { id: string }[] };
  const products = (await (await fetch(`${ORIGIN}/api/products?kind=artifact&limit=1`)).json()) as { items: { id: string }[] };
  const visitor = ["/", "/about", "/contact", "/stories", `/stories/${id}`, "/creators", `/creators/${creators.items[0]!.id}`, "/store", `/store?productId=${products.items[0]!.id}`];
  const all = [
    ...visitor.map((path) => ({ path, signedIn: false })),
    ...(process.env.BENCH_SIGNED_IN === "0" ? [] : ["/stories", "/store", "/creators", "/likes", "/home"].map((path) => ({ path, signedIn: true }))),
  ];
  return ONLY ? all.filter((page) => ONLY.some((prefix) => page.path.startsWith(prefix))) : all;
}
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
  lhr: object;
  scores: number[];
  cls: number;
  lcpMs: number;
  tbtMs: number;
  failing: string[];
}

async function audit(port: number, path: string, cookie: string | undefined): Promise<Row> {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART); one retry, then give up.
  return auditOnce(port, path, cookie).catch(() => auditOnce(port, path, cookie));
}

/** The run with the median Performance score of RUNS. */
async function medianAudit(port: number, path: string, cookie: string | undefined): Promise<Row> {
  const rows: Row[] = [];
  for (let run = 0; run < RUNS; run++) rows.push(await audit(port, path, cookie));
  rows.sort((a, b) => a.scores[0]! - b.scores[0]!);
  return rows[Math.floor(rows.length / 2)]!;
}

async function auditOnce(port: number, path: string, cookie: string | undefined): Promise<Row> {
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
  const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
    .filter((a) => a.scoreDisplayMode !== "notApplicable")
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    path,
    lhr,
    scores,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    failing,
  };
}

async function main() {
  console.log(machineLines("bench:pages", figures).join("\n"));
  // Lighthouse audits the browser people use, not the tests' headless shell.
  const chromePath = process.env.CHROME_PATH ?? findFullChromium();
  if (!chromePath) throw new Error("no Chromium found: set CHROME_PATH or install Debian's chromium");
  await refuseBusyPort("localhost", PORT);
  // The server removes it when it exits; not when it is killed.
  removeAtEnd(DATA_DIR);
  const server = track(
    spawn(process.execPath, ["scripts/e2e-server.mjs"], {
      env: { ...process.env, E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  // chrome-launcher's own SIGINT handler would exit at once, before the server is stopped: the
  // clean-up of bench/run.ts kills Chromium instead, on any signal.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  const closeChrome = onCleanUp(() => chrome.kill());
  try {
    await waitForServer(server);
    const cookie = await signUp();
    const rows: Row[] = [];
    for (const page of await pages()) {
      const cookieFor = page.signedIn ? cookie : undefined;
      const label = `${page.path}${page.signedIn ? " (signed in)" : ""}`;
      const row = await medianAudit(chrome.port, page.path, cookieFor);
      const reportDir = process.env.BENCH_REPORT_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const name = `${page.path.replace(/\W+/g, "-").replace(/^-$/, "landing").replace(/^-/, "")}${page.signedIn ? "-signed-in" : ""}`;
        writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(row.lhr));
      }
      rows.push({ ...row, path: label.replace(/(productId=|stories\/|creators\/)[^ ]+/, "$1…") });
      console.error(`measured ${label}`);
    }
    const header = ["page", "Performance", "Accessibility", "Best Practices", "SEO", "CLS", "LCP s", "TBT ms"];
    const table = rows.map((r) => [r.path, ...r.scores.map(String), r.cls.toFixed(3), (r.lcpMs / 1000).toFixed(2), r.tbtMs.toFixed(0)]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const row of table) console.log(line(row));
    for (const r of rows) if (r.failing.length > 0) console.log(`\n${r.path} — not passing: ${r.failing.join(", ")}`);
    for (const r of rows) {
      for (const [i, category] of header.slice(1, 5).entries()) figures.add(`${r.path} ${category} score`, r.scores[i]!, { unit: "score", better: "higher" });
      figures.add(`${r.path} CLS`, r.cls, { unit: "CLS", better: "lower" });
      figures.add(`${r.path} LCP s`, r.lcpMs / 1000, { unit: "s", better: "lower" });
      figures.add(`${r.path} TBT ms`, r.tbtMs, { unit: "ms", better: "lower" });
    }
    await figures.write();
  } finally {
    await closeChrome();
    // SIGTERM: the server stops as in production (its own grace is 10 s), then SIGKILL.
    await stopChild(server, 15_000);
  }
}

runBench("bench:pages", main, { watchdogMs: WATCHDOG_MS });
