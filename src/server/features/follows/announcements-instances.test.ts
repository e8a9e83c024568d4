/**
 * Two instances of the site over one database and one Redis, the outbox on BullMQ (QUEUE=bullmq):
 * a creator's story is announced to each of their followers exactly once, both instances'
 * relays expanding and both BullMQ workers sending (issue 32, docs/decisions/0030). Needs the
 * Redis at TEST_REDIS_URL; without one it is skipped with a message, unless REQUIRE_REDIS=1 or CI
 * is set.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../../test/redis.js";
import { startSmtp, until, type TestSmtp } from "../../test/smtp.js";
import { insertUser } from "../../db/seed/factories.js";
import { staffKit } from "../admin/admin.fixtures.js";

const reachable = await redisForTests("the two-instance announcement test");

describe.skipIf(!reachable)("announcements on two instances over BullMQ", () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtp;
  const kit = staffKit(() => a);

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = {
      QUEUE: "bullmq",
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `maybe-test:${process.pid}:${randomBytes(4).toString("hex")}:`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // The pace is the pace tests' (outbox/pace.ts); here it would only add a second and a half.
      MAIL_RATE_PER_SECOND: "1000",
    };
    a = await createTestApp(env);
    b = await createTestApp(env, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it("sends a story's announcement to each of 30 followers exactly once", async () => {
    const creator = await kit.person("creator");
    // The followers are written straight to the database: following is the follows tests' part,
    // and 30 sign-ins (a password check each) would be most of this test's time on a busy machine.
    const fans: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { user } = await insertUser(a.database, {});
      await a.database.db.insertInto("follow").values({ user_id: user.id, creator_id: creator.creatorId!, created_at: new Date().toISOString() }).execute();
      fans.push(user.email);
    }
    const story = await kit.story(creator.creatorId, { status: "draft", title: "Heard once on two instances" });
    await kit.ok(creator, "POST", `/api/studio/stories/${story.id}/publish`, { version: story.version });
    // Both relays look at once; their BullMQ workers share the sending.
    await Promise.all([a.outbox.drain(), b.outbox.drain()]);
    const mine = () => smtp.inbox.filter((m) => m.raw.includes("Heard once on two instances"));
    await until(() => (mine().length >= 30 ? true : undefined), "30 e-mails", 30_000);
    // Every message marked sent: nothing is left that either instance could send again.
    const unsent = () =>
      a.database.db.selectFrom("outbox").select("id").where("template", "=", "follow-story").where("recipient", "in", fans).where("sent_at", "is", null).execute();
    await expect.poll(async () => (await unsent()).length, { timeout: 10_000 }).toBe(0);
    const recipients = mine().flatMap((m) => m.to).sort();
    expect(recipients).toEqual([...fans].sort());
    // Two apps, two BullMQ workers and a relay each: slower than one app's test on a busy machine.
  }, 60_000);
});
