import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const tmp = () => mkdtempSync(join(tmpdir(), "maybe-config-"));
/** What production needs besides a secret: the invoice's seller address and a way to pay. */
const PRODUCTION_INVOICE = { SELLER_ADDRESS: "MAYBE Community LLC|100 Market St|Brooklyn, NY 11201", PAYMENT_LINK: "https://pay.example/{invoice}" };

describe("loadConfig", () => {
  it("runs with no configuration at all, generating and keeping a secret", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({ port: 3000, databaseUrl: "file:./data/maybe.db", env: "development", trustProxy: 0, databasePoolMax: 10 });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
  });

  it("trusts the loopback aliases of a local site in development only", () => {
    const dev = loadConfig({ DATA_DIR: tmp(), PORT: "3000" });
    expect(dev.trustedOrigins).toEqual(
      expect.arrayContaining(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]),
    );
    const prod = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: tmp(),
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "x".repeat(32),
      ...PRODUCTION_INVOICE,
    });
    expect(prod.trustedOrigins).toEqual(["http://localhost:3000"]);
    const remote = loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: "https://maybe.example" });
    expect(remote.trustedOrigins).not.toContain("http://127.0.0.1");
  });

  it("demands a secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(
      new ConfigError("AUTH_SECRET: required in production (at least 32 characters)"),
    );
  });

  it.each([
    [{ PORT: "eighty" }, /^PORT:/],
    [{ PORT: "70000" }, /^PORT:/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must start with file: or postgres:\/\//],
    [{ DATABASE_POOL_MAX: "0" }, /^DATABASE_POOL_MAX:/],
    [{ DATABASE_POOL_MAX: "ten" }, /^DATABASE_POOL_MAX:/],
    [{ AUTH_SECRET: "short" }, /^AUTH_SECRET: must be at least 32 characters/],
    [{ TRUST_PROXY: "-1" }, /^TRUST_PROXY:/],
    [{ CONTACT_EMAIL: "nope" }, /^CONTACT_EMAIL:/],
    [{ NODE_ENV: "staging" }, /^NODE_ENV:/],
    [{ SMTP_URL: "mail.example.com" }, /^SMTP_URL: must look like smtp:\/\//],
    [{ SMTP_URL: "http://mail.example.com" }, /^SMTP_URL:/],
    [{ SMTP_URL: "smtp://" }, /^SMTP_URL:/],
    [{ MAIL_FROM: "MAYBE" }, /^MAIL_FROM: must be an address/],
    [{ MAIL_FROM: "MAYBE <nope>" }, /^MAIL_FROM:/],
    [{ SELLER_EMAIL: "billing" }, /^SELLER_EMAIL:/],
    [{ SELLER_ADDRESS: " | | " }, /^SELLER_ADDRESS: give at least one line/],
    [{ SELLER_ADDRESS: "1|2|3|4|5|6|7" }, /^SELLER_ADDRESS: at most 6 lines, separated by \|/],
    [{ PAYMENT_BANK_DETAILS: "Account\u0007 42" }, /^PAYMENT_BANK_DETAILS: lines of at most 120 printable characters/],
    [{ PAYMENT_LINK: "pay.example" }, /^PAYMENT_LINK:/],
    [{ PAYMENT_LINK: "javascript:alert(1)" }, /^PAYMENT_LINK:/],
    [{ PAYMENT_DUE_DAYS: "-1" }, /^PAYMENT_DUE_DAYS:/],
    [{ PAYMENT_DUE_DAYS: "two weeks" }, /^PAYMENT_DUE_DAYS:/],
  ])("names the bad value %j in one line", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
    try {
      loadConfig({ DATA_DIR: tmp(), ...env });
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("derives trusted origins from PUBLIC_URL and TRUSTED_ORIGINS", () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      NODE_ENV: "test",
      PUBLIC_URL: "https://maybe.example/",
      TRUSTED_ORIGINS: "https://www.maybe.example, https://maybe.example",
    });
    expect(config.publicUrl).toBe("https://maybe.example");
    expect(config.trustedOrigins).toEqual(["https://maybe.example", "https://www.maybe.example"]);
  });

  it("reads the mail settings: no SMTP by default, a From with or without a name", () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ smtpUrl: undefined, mailFrom: "MAYBE <orders@maybe.community>" });
    const config = loadConfig({ DATA_DIR: tmp(), SMTP_URL: "smtps://user:pass@mail.example.com:465", MAIL_FROM: "shop@example.com" });
    expect(config).toMatchObject({ smtpUrl: "smtps://user:pass@mail.example.com:465", mailFrom: "shop@example.com" });
  });

  it("sends the outbox from the database by default, through BullMQ when QUEUE=bullmq and Redis is set", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).queue).toBe("database");
    expect(loadConfig({ DATA_DIR: tmp(), QUEUE: "bullmq", REDIS_URL: "redis://127.0.0.1:6379" }).queue).toBe("bullmq");
    expect(() => loadConfig({ DATA_DIR: tmp(), QUEUE: "bullmq" })).toThrow(new ConfigError("QUEUE: bullmq needs REDIS_URL"));
    expect(() => loadConfig({ DATA_DIR: tmp(), QUEUE: "kafka" })).toThrow(ConfigError);
  });

  it("gives development a sample seller and sample bank details, plainly marked, and reads the invoice settings", () => {
    const dev = loadConfig({ DATA_DIR: tmp(), CONTACT_EMAIL: "hello@maybe.example" });
    expect(dev.invoice).toEqual({
      seller: { name: "MAYBE Community", address: ["100 Sample Street", "Brooklyn, NY 11201"], email: "hello@maybe.example", taxId: null },
      payment: { bankDetails: expect.arrayContaining(["Sample bank details: do not pay"]), link: null, dueDays: 14 },
    });
    const set = loadConfig({
      DATA_DIR: tmp(),
      SELLER_NAME: "MAYBE Community LLC",
      SELLER_ADDRESS: " 100 Market St | | Brooklyn, NY 11201 ",
      SELLER_EMAIL: "billing@maybe.example",
      SELLER_TAX_ID: "12-3456789",
      PAYMENT_BANK_DETAILS: "Account name: MAYBE Community LLC|Routing number: 021000021",
      PAYMENT_LINK: "https://pay.example/maybe?ref={invoice}",
      PAYMENT_DUE_DAYS: "30",
    });
    expect(set.invoice).toEqual({
      seller: { name: "MAYBE Community LLC", address: ["100 Market St", "Brooklyn, NY 11201"], email: "billing@maybe.example", taxId: "12-3456789" },
      payment: { bankDetails: ["Account name: MAYBE Community LLC", "Routing number: 021000021"], link: "https://pay.example/maybe?ref={invoice}", dueDays: 30 },
    });
    // A payment link alone: no sample bank details beside it.
    expect(loadConfig({ DATA_DIR: tmp(), PAYMENT_LINK: "https://pay.example/x" }).invoice.payment.bankDetails).toEqual([]);
  });

  it("demands the invoice's seller address and a way to pay in production, with no sample to fall back on", () => {
    const production = { NODE_ENV: "production", DATA_DIR: tmp(), AUTH_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...production, PAYMENT_LINK: "https://pay.example/x" })).toThrow(
      new ConfigError("SELLER_ADDRESS: required in production (the seller's postal address on invoices)"),
    );
    expect(() => loadConfig({ ...production, SELLER_ADDRESS: "1 Main St" })).toThrow(
      new ConfigError("PAYMENT_BANK_DETAILS: required in production unless PAYMENT_LINK is set (how invoices say to pay)"),
    );
    expect(() => loadConfig({ ...production, SELLER_ADDRESS: "1 Main St", PAYMENT_LINK: "http://pay.example/x" })).toThrow(
      new ConfigError("PAYMENT_LINK: must be https in production"),
    );
    const ok = loadConfig({ ...production, SELLER_ADDRESS: "1 Main St", PAYMENT_BANK_DETAILS: "Account number: 42" });
    expect(ok.invoice.payment).toEqual({ bankDetails: ["Account number: 42"], link: null, dueDays: 14 });
  });
});
