/**
 * Curation on one instance empties the other instances' cached public answers at once, through the
 * Redis bus (docs/decisions/0012, 0019): two instances of the site over one database and one Redis,
 * as behind a load balancer. Needs the Redis at TEST_REDIS_URL (default 127.0.0.1:6379); without
 * one this is skipped with a message, unless REQUIRE_REDIS=1 or CI is set.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, Story } from "../../../../common/api/catalog.js";
import type { Creator } from "../../../../common/api/creators.js";
import type { Page } from "../../../../common/api/paging.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../../../test/redis.js";
import { staffKit, type Person } from "../admin.fixtures.js";

const reachable = await redisForTests("the two-instance curation test");

describe.skipIf(!reachable)("curation across two instances sharing one database and one Redis", () => {
  const env = { SEED_ON_START: "true", REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `maybe-test:${process.pid}:${randomBytes(4).toString("hex")}:` };
  let a: TestApp;
  let b: TestApp;
  const h = staffKit(() => a);
  let curator: Person;

  beforeAll(async () => {
    a = await createTestApp(env);
    b = await createTestApp(env, { shareDatabaseWith: a });
    curator = await h.person("curator");
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** B's answer for a public read, with whether it came from B's cache. */
  async function onB<T>(path: string): Promise<{ body: T; cache: string | null }> {
    const res = await b.request(path);
    expect(res.status).toBe(200);
    return { body: (await res.json()) as T, cache: res.headers.get("x-cache") };
  }
  /** Until B answers from its cache: the arrangement's own invalidations reach B asynchronously too. */
  const warm = (path: string) => expect.poll(async () => (await onB(path)).cache, { timeout: 5_000, interval: 20 }).toBe("hit");
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

  it("a product hidden on A leaves B's cached store page, and featuring on A leads it", async () => {
    const tee = await h.product(null, { kind: "merch", category: "clothing", created_at: new Date() });
    const carousel = "/api/products?kind=merch&category=clothing&limit=12";
    await warm(carousel);
    expect(ids((await onB<Page<Product>>(carousel)).body)[0]).toBe(tee.id);

    await h.ok(curator, "POST", `/api/admin/curation/product/${tee.id}/hide`);
    // The message reaches B asynchronously: B answers from its cache until it arrives.
    await expect.poll(async () => ids((await onB<Page<Product>>(carousel)).body).includes(tee.id), { timeout: 5_000, interval: 20 }).toBe(false);

    const older = await h.product(null, { kind: "merch", category: "clothing", created_at: "2000-01-01T00:00:00.000Z" });
    await warm(carousel);
    await h.ok(curator, "POST", `/api/admin/curation/product/${older.id}/feature`);
    await expect.poll(async () => ids((await onB<Page<Product>>(carousel)).body)[0], { timeout: 5_000, interval: 20 }).toBe(older.id);
    await h.ok(curator, "POST", `/api/admin/curation/product/${older.id}/unfeature`);
    await h.ok(curator, "POST", `/api/admin/curation/product/${tee.id}/unhide`);
  });

  it("a creator suspended on A leaves B's cached directory and stories at once", async () => {
    const owner = await h.creator("Wren");
    const story = await h.story(owner.creatorId, { date: new Date() });
    const directory = "/api/creators?limit=100";
    const stories = "/api/stories?limit=5";
    await warm(directory);
    await warm(stories);
    expect(ids((await onB<Page<Creator>>(directory)).body)).toContain(owner.creatorId);
    expect(ids((await onB<Page<Story>>(stories)).body)).toContain(story.id);

    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/suspend`);
    await expect.poll(async () => ids((await onB<Page<Creator>>(directory)).body).includes(owner.creatorId!), { timeout: 5_000, interval: 20 }).toBe(false);
    await expect.poll(async () => ids((await onB<Page<Story>>(stories)).body).includes(story.id), { timeout: 5_000, interval: 20 }).toBe(false);
    expect((await b.request(`/api/creators/${owner.creatorId}/page`)).status).toBe(404);

    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/unsuspend`);
    await expect.poll(async () => ids((await onB<Page<Story>>(stories)).body).includes(story.id), { timeout: 5_000, interval: 20 }).toBe(true);
  });
});
