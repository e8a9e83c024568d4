/**
 * What an e-mail costs to render (`npm run bench:emails`): the first renderMail, which
 * loads the templates, React and React Email, then each template warm (median and 95th percentile
 * of RUNS renders, HTML and plain text), with the ratio to React's own floor measured in the same
 * process: one paragraph rendered to static markup, what any React template pays. The outbox renders at send time, off the request, so this is a worker's cost per message.
 * React runs its production build, as in the server (it loads on the first render, after this
 * file set NODE_ENV); the first render's time includes tsx compiling the templates.
 */
import { performance } from "node:perf_hooks";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MAIL_TEMPLATE_NAMES } from "../src/server/emails/catalog.js";
import { CONTEXT, SAMPLES } from "../src/server/emails/emails.fixtures.js";
import { renderMail } from "../src/server/emails/render.js";
import { createFigures, machineLines } from "./report.js";
import { runBench } from "./run.js";

process.env.NODE_ENV ??= "production";

const WARMUP = 20;
const RUNS = 200;
const WATCHDOG_MS = 10 * 60_000;
const figures = createFigures("emails");

/** The baseline: the least a React-rendered e-mail costs. */
const floor = () => renderToStaticMarkup(createElement("p", null, "Hello ", SAMPLES["verify-email"].name));

async function timings(run: () => unknown): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]! };
}

const ms = (n: number) => n.toFixed(3).padStart(8);

async function main() {
  console.log(machineLines("bench:emails", figures).join("\n"));
  const coldStart = performance.now();
  await renderMail("password-reset", SAMPLES["password-reset"], CONTEXT);
  const coldMs = performance.now() - coldStart;
  console.log(`first e-mail (loads templates, React, React Email): ${coldMs.toFixed(0)} ms\n`);
  figures.add("first e-mail ms", coldMs, { unit: "ms", better: "lower" });

  const base = await timings(floor);
  console.log(`baseline (one paragraph through React): median ${base.median.toFixed(3)} ms\n`);
  figures.add("baseline (one paragraph through React) median ms", base.median, { unit: "ms", better: "lower" });
  console.log(`${"template".padEnd(22)} ${"median ms".padStart(9)} ${"p95 ms".padStart(8)}  ${"x baseline".padStart(10)}  html KB  text KB`);
  for (const name of MAIL_TEMPLATE_NAMES) {
    const render = () => renderMail(name, SAMPLES[name], CONTEXT);
    const mail = await render();
    const now = await timings(render);
    console.log(
      `${name.padEnd(22)} ${ms(now.median)}  ${ms(now.p95)}  ${(now.median / base.median).toFixed(0).padStart(9)}x ${(mail.html.length / 1024).toFixed(1).padStart(7)} ${(mail.text.length / 1024).toFixed(1).padStart(8)}`,
    );
    figures.add(`${name} median ms`, now.median, { unit: "ms", better: "lower" });
    figures.add(`${name} p95 ms`, now.p95, { unit: "ms", better: "lower" });
    figures.add(`${name} x baseline`, now.median / base.median, { unit: "x", better: "lower" });
  }
  await figures.write();
}

runBench("bench:emails", main, { watchdogMs: WATCHDOG_MS });
