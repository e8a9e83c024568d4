/**
 * The media sweep with a clock of its own: `now` is passed in, so the grace period is crossed by
 * arithmetic, never by waiting. Rows come from the factories, variants are put in the test app's
 * store directly (a few bytes each; the sweep never looks inside them).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCreator, insertMedia, insertProduct, insertStory, insertUser } from "../db/seed/factories.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { sweepMedia } from "./gc.js";
import { IMAGE_FORMATS, variantKey } from "./image-view.js";

const GRACE_HOURS = 24;
const HOUR = 3_600_000;
const start = new Date("2026-03-01T12:00:00.000Z");
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

let t: TestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: ownerId } } = await insertUser(t.database));
});
afterAll(async () => {
  await t.close();
});

const keysOf = (hash: string) => [320, 640].flatMap((w) => IMAGE_FORMATS.map(({ ext }) => variantKey(hash, w, ext)));

/** A media row with its variants in the store. */
async function storedImage(hash?: string) {
  const row = await insertMedia(t.database, { owner_id: ownerId, widths: "[320,640]", created_at: start, ...(hash ? { hash } : {}) });
  for (const key of keysOf(row.hash)) await t.media.put(key, Buffer.from(key), "image/jpeg");
  return row;
}
const rowOf = (id: string) => t.database.db.selectFrom("media").select(["id", "orphaned_at"]).where("id", "=", id).executeTakeFirst();
const stored = async (hash: string) => (await Promise.all(keysOf(hash).map((k) => t.media.head(k)))).filter(Boolean).length;
const sweep = (now: Date) => sweepMedia(t.database, t.media, { now, graceHours: GRACE_HOURS });
const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

describe("sweepMedia", () => {
  it("marks an image nothing names, keeps it through the grace period, then deletes it and its variants", async () => {
    const image = await storedImage();
    await sweep(at(0));
    expect(iso((await rowOf(image.id))!.orphaned_at)).toBe(at(0).toISOString());
    // A later sweep keeps the first mark: the grace period runs from when it was first seen unused.
    await sweep(at(12));
    expect(iso((await rowOf(image.id))!.orphaned_at)).toBe(at(0).toISOString());
    await sweep(at(GRACE_HOURS - 0.01));
    expect(await rowOf(image.id)).toBeDefined();
    expect(await stored(image.hash)).toBe(6);

    const result = await sweep(at(GRACE_HOURS + 0.01));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await rowOf(image.id)).toBeUndefined();
    expect(await stored(image.hash)).toBe(0);
  });

  it("never marks an image a story's cover or a creator's avatar names", async () => {
    const cover = await storedImage();
    const avatar = await storedImage();
    await insertStory(t.database, { cover_media_id: cover.id });
    await insertCreator(t.database, { avatar_media_id: avatar.id });
    for (const hours of [0, GRACE_HOURS * 10]) await sweep(at(hours));
    for (const image of [cover, avatar]) {
      expect((await rowOf(image.id))!.orphaned_at).toBeNull();
      expect(await stored(image.hash)).toBe(6);
    }
  });

  it("never marks a radio track's cover, nor touches the tracks' audio", async () => {
    const cover = await storedImage();
    const { creator } = await insertCreator(t.database, {});
    const audio = `tracks/${"a".repeat(32)}.mp3`;
    await t.media.put(audio, Buffer.from("audio"), "audio/mpeg");
    await t.database.db
      .insertInto("track")
      .values({ id: "trk_gc", source: "upload", creator_id: creator.id, title: "Covered", cover_media_id: cover.id, audio_key: audio, audio_type: "audio/mpeg", status: "pending", created_at: start.toISOString(), updated_at: start.toISOString() })
      .execute();
    for (const hours of [0, GRACE_HOURS * 10]) await sweep(at(hours));
    expect((await rowOf(cover.id))!.orphaned_at).toBeNull();
    expect(await stored(cover.hash)).toBe(6);
    expect(await t.media.head(audio)).toBeDefined();
  });

  it("keeps a product's pictures while it shows them; one taken off goes after the grace period", async () => {
    const [cover, second] = [await storedImage(), await storedImage()];
    const product = await insertProduct(t.database);
    await t.database.db
      .insertInto("product_image")
      .values([
        { product_id: product.id, media_id: cover.id, position: 0 },
        { product_id: product.id, media_id: second.id, position: 1 },
      ])
      .execute();
    await sweep(at(0));
    for (const image of [cover, second]) expect((await rowOf(image.id))!.orphaned_at).toBeNull();
    await t.database.db.deleteFrom("product_image").where("media_id", "=", second.id).execute();
    await sweep(at(1));
    await sweep(at(1 + GRACE_HOURS + 0.01));
    expect(await rowOf(second.id)).toBeUndefined();
    expect((await rowOf(cover.id))!.orphaned_at).toBeNull();
    expect(await stored(cover.hash)).toBe(6);
  });

  it("never marks an image a story's body shows, by its address; one no body shows any more goes", async () => {
    const shown = await storedImage();
    const story = await insertStory(t.database, { body: `A picture:\n\n![The press](/media/u/${shown.hash}/640.jpg)\n\nThe end.` });
    await sweep(at(0));
    expect((await rowOf(shown.id))!.orphaned_at).toBeNull();
    await t.database.db.updateTable("story").set({ body: "No picture any more." }).where("id", "=", story.id).execute();
    await sweep(at(1));
    expect((await rowOf(shown.id))!.orphaned_at).not.toBeNull();
    await sweep(at(1 + GRACE_HOURS + 0.01));
    expect(await rowOf(shown.id)).toBeUndefined();
    expect(await stored(shown.hash)).toBe(0);
  });

  it("unmarks an image named again during the grace period, and counts afresh once it is dropped", async () => {
    const image = await storedImage();
    await sweep(at(0));
    expect((await rowOf(image.id))!.orphaned_at).not.toBeNull();
    const story = await insertStory(t.database, {});
    await t.database.db.updateTable("story").set({ cover_media_id: image.id }).where("id", "=", story.id).execute();
    await sweep(at(GRACE_HOURS + 1));
    expect((await rowOf(image.id))!.orphaned_at).toBeNull();

    // The cover is replaced: unused from this sweep on, deleted a grace period later.
    await t.database.db.updateTable("story").set({ cover_media_id: null }).where("id", "=", story.id).execute();
    await sweep(at(GRACE_HOURS + 2));
    await sweep(at(2 * GRACE_HOURS + 1));
    expect(await rowOf(image.id)).toBeDefined();
    await sweep(at(2 * GRACE_HOURS + 3));
    expect(await rowOf(image.id)).toBeUndefined();
    expect(await stored(image.hash)).toBe(0);
  });

  it("keeps variants shared by identical uploads while another row still has them", async () => {
    const used = await storedImage();
    const orphan = await storedImage(used.hash);
    const creator = await insertCreator(t.database, { avatar_media_id: used.id });
    await sweep(at(0));
    await sweep(at(GRACE_HOURS + 1));
    expect(await rowOf(orphan.id)).toBeUndefined();
    expect(await rowOf(used.id)).toBeDefined();
    expect(await stored(used.hash)).toBe(6);

    // The avatar changes: the last row with that hash goes, and its variants with it.
    await t.database.db.updateTable("creator").set({ avatar_media_id: null }).where("id", "=", creator.creator.id).execute();
    await sweep(at(GRACE_HOURS + 2));
    await sweep(at(2 * GRACE_HOURS + 3));
    expect(await rowOf(used.id)).toBeUndefined();
    expect(await stored(used.hash)).toBe(0);
  });

  it("with a grace period of 0 hours deletes on the sweep after the one that marked, and changes nothing when run again", async () => {
    const image = await storedImage();
    const options = { graceHours: 0 };
    expect(await sweepMedia(t.database, t.media, { now: at(100), ...options })).toEqual({ orphaned: 1, restored: 0, deleted: 0, objectsDeleted: 0 });
    expect(await sweepMedia(t.database, t.media, { now: at(100.001), ...options })).toEqual({ orphaned: 0, restored: 0, deleted: 1, objectsDeleted: 6 });
    expect(await rowOf(image.id)).toBeUndefined();
    expect(await stored(image.hash)).toBe(0);
    expect(await sweepMedia(t.database, t.media, { now: at(100.002), ...options })).toEqual({ orphaned: 0, restored: 0, deleted: 0, objectsDeleted: 0 });
  });
});
