/** Shared helpers for the browser tests: unique accounts, API sign-up, and axe. */
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test as base, type Page } from "@playwright/test";

let counter = 0;
export function uniqueAccount(prefix = "fan") {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    username: `${prefix}${id}`.slice(0, 30),
    email: `${prefix}.${id}@example.com`,
    phone: "+1 (555) 010-2000",
    password: "violet skies 77",
  };
}

/** Signs up through the API in the page's context, so the page's cookie jar holds the session. */
export async function signUpViaApi(page: Page, account = uniqueAccount()) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { ...account, confirmPassword: account.password },
    headers: { origin: new URL(page.url() === "about:blank" ? "http://localhost" : page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * Opens the e2e server's SQLite database, for arranging data no endpoint can make (e.g. 100 likes).
 * WAL mode lets this second connection write while the server runs.
 */
export function openE2eDatabase() {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error("E2E_DB_FILE is not set (see playwright.config.ts)");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return db;
}

export const test = base;
export { expect };
