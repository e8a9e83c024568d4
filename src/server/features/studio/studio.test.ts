import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Story, StoryDetail } from "../../../common/api/catalog.js";
import type { CreatorFacets, CreatorPage, CreatorProfilePage } from "../../../common/api/creators.js";
import type { SearchResults } from "../../../common/api/search.js";
import { STORY_MESSAGES, type StudioProfile, type StudioStory, type StudioStoryList } from "../../../common/api/studio.js";
import { CREATOR_MESSAGES } from "../../../common/creator-schemas.js";
import type { Page } from "../../../common/api/paging.js";
import { insertMedia } from "../../db/seed/factories.js";
import { SAMPLE_CREATOR } from "../../db/seed/index.js";
import { createTestApp, sessionCookie, type TestApp } from "../../test/harness.js";

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t?.close();
});

interface Member {
  cookie: string;
  uid: string;
  creatorId: string | null;
}

let people = 0;
/** A signed-up subscriber; with `creator`, one who applied and was approved (as the site does it). */
async function member(creator: boolean, name = "Rosa"): Promise<Member> {
  const { cookie, user } = await t.signUp();
  if (!creator) return { cookie, uid: user.uid, creatorId: null };
  people += 1;
  const res = await t.request("/api/creators/applications", {
    cookie,
    ip: `198.51.100.${people}`,
    json: {
      first_name: name,
      last_name: `Maker${"x".repeat(people)}`,
      email: user.email,
      bio: "Prints zines in a garage.",
      state: "IL",
      city: "Chicago",
      art_type: ["writing"],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { cookie, uid: user.uid, creatorId: body.id };
}

async function call<T>(who: Member | null, method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await t.request(path, { method, cookie: who?.cookie, json });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function ok<T>(who: Member | null, method: string, path: string, json?: unknown, status = 200): Promise<T> {
  const res = await call<T>(who, method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: "The Night Press",
  city: "Chicago",
  date: "2026-03-14",
  description: "A print shop that only opens after midnight.",
  body: "## After midnight\n\nThe presses start at *one*.",
  ...overrides,
});

const publicIds = async () => (await ok<Page<Story>>(null, "GET", "/api/stories?limit=100")).items.map((s) => s.id);

describe("who may use the studio", () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/studio/profile"],
    ["PUT", "/api/studio/profile", { first_name: "A" }],
    ["GET", "/api/studio/stories"],
    ["POST", "/api/studio/stories", draft()],
    ["GET", `/api/studio/stories/${id}`],
    ["PUT", `/api/studio/stories/${id}`, { ...draft({ title: "Taken over" }), version: 1 }],
    ["POST", `/api/studio/stories/${id}/publish`, { version: 1 }],
    ["POST", `/api/studio/stories/${id}/unpublish`, { version: 1 }],
    ["DELETE", `/api/studio/stories/${id}`],
  ];

  it("refuses every route signed out (401) and to a subscriber who is not a creator (403), changing nothing", async () => {
    const owner = await member(true);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft(), 201);
    const subscriber = await member(false);
    for (const [method, path, json] of routes(story.id)) {
      const signedOut = await call<ErrorBody>(null, method, path, json);
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      const refused = await call<ErrorBody>(subscriber, method, path, json);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "NOT_CREATOR", message: STORY_MESSAGES.notCreator });
    }
    expect(await ok<StudioStory>(owner, "GET", `/api/studio/stories/${story.id}`)).toEqual(story);
  });

  it("lets another creator neither see nor change a creator's story: 404, nothing changed", async () => {
    const owner = await member(true);
    const other = await member(true, "Otto");
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft(), 201);
    const published = await ok<StudioStory>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    for (const [method, path, json] of routes(story.id).filter(([, p]) => p.includes(story.id))) {
      const res = await call<ErrorBody>(other, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect(await ok<StudioStory>(owner, "GET", `/api/studio/stories/${story.id}`)).toEqual(published);
    expect((await ok<StudioStoryList>(other, "GET", "/api/studio/stories")).items).toEqual([]);
    expect(await publicIds()).toContain(story.id);
  });

  it("keeps each creator's profile theirs: a profile write changes only the writer's record", async () => {
    const a = await member(true, "Alma");
    const b = await member(true, "Bert");
    const before = await ok<StudioProfile>(a, "GET", "/api/studio/profile");
    const profileB = await ok<StudioProfile>(b, "GET", "/api/studio/profile");
    await ok(b, "PUT", "/api/studio/profile", { ...profileB, bio: "Changed by Bert." });
    expect(await ok<StudioProfile>(a, "GET", "/api/studio/profile")).toEqual(before);
    expect((await ok<StudioProfile>(b, "GET", "/api/studio/profile")).bio).toBe("Changed by Bert.");
  });

  it("refuses writes from another site", async () => {
    const owner = await member(true);
    const res = await t.request("/api/studio/stories", { cookie: owner.cookie, json: draft(), origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await ok<StudioStoryList>(owner, "GET", "/api/studio/stories")).items).toEqual([]);
  });
});

describe("writing a story", () => {
  it("starts as a draft that no public answer shows", async () => {
    const owner = await member(true);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft({ title: "Quiet Draft Zebra" }), 201);
    expect(story).toMatchObject({
      status: "draft",
      version: 1,
      title: "Quiet Draft Zebra",
      date: "2026-03-14",
      body: "## After midnight\n\nThe presses start at *one*.",
      cover: null,
      published_at: null,
    });
    expect(story.id).toMatch(/^quiet-draft-zebra-[a-z0-9]+$/);
    const undated = await ok<StudioStory>(owner, "PUT", `/api/studio/stories/${story.id}`, { ...draft({ title: "Quiet Draft Zebra", date: "" }), version: 1 });
    expect(undated.date).toBeNull();
    expect(await publicIds()).not.toContain(story.id);
    expect((await call(null, "GET", `/api/stories/${story.id}`)).status).toBe(404);
    const search = await ok<SearchResults>(null, "GET", "/api/search?q=quiet%20draft%20zebra");
    expect(search.stories).toEqual([]);
    const page = await ok<CreatorProfilePage>(null, "GET", `/api/creators/${owner.creatorId}/page`);
    expect(page.stories).toEqual([]);
  });

  it("gives the form's messages for bad input, field by field", async () => {
    const owner = await member(true);
    const res = await call<ErrorBody>(owner, "POST", "/api/studio/stories", {
      title: "  ",
      city: "",
      date: "2026-02-30",
      description: "x".repeat(301),
      body: "y".repeat(50_001),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: STORY_MESSAGES.titleRequired,
      city: STORY_MESSAGES.cityRequired,
      date: STORY_MESSAGES.dateInvalid,
      description: STORY_MESSAGES.descriptionTooLong,
      body: STORY_MESSAGES.bodyTooLong,
    });
    const bad = await call<ErrorBody>(owner, "POST", "/api/studio/stories", draft({ title: "Bell\u0007" }));
    expect(bad.body.error.fields).toEqual({ title: STORY_MESSAGES.textInvalid });
    expect((await ok<StudioStoryList>(owner, "GET", "/api/studio/stories")).items).toEqual([]);
  });

  it("refuses to publish a story without a body", async () => {
    const owner = await member(true);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft({ body: "" }), 201);
    const res = await call<ErrorBody>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ body: STORY_MESSAGES.bodyRequiredToPublish });
    expect((await ok<StudioStory>(owner, "GET", `/api/studio/stories/${story.id}`)).status).toBe("draft");
  });

  it("publishes: the story shows on /stories with its page, on the creator's page and in the directory", async () => {
    const owner = await member(true, "Paula");
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft({ date: null }), 201);
    const published = await ok<StudioStory>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    expect(published).toMatchObject({ status: "published", version: 2, published_at: expect.any(String) });
    // Without a date, the day it was published.
    expect(published.date).toBe(published.published_at!.slice(0, 10));
    // A save from an editor that still shows no date keeps it; a draft's date can be cleared.
    const saved = await ok<StudioStory>(owner, "PUT", `/api/studio/stories/${story.id}`, { ...draft({ date: "" }), version: 2 });
    expect(saved.date).toBe(published.date);

    const list = await ok<Page<Story>>(null, "GET", "/api/stories?limit=100");
    const card = list.items.find((s) => s.id === story.id);
    expect(card).toMatchObject({ has_page: true, creator: { id: owner.creatorId }, cover: null, image_url: null });
    expect(card!.creator!.artist_name).toMatch(/^Paula Maker/);
    // Dated today, it comes before the sample stories.
    expect(list.items[0]!.id).toBe(story.id);

    const detail = await ok<StoryDetail>(null, "GET", `/api/stories/${story.id}`);
    expect(detail).toMatchObject({ body: draft().body, published_at: published.published_at, has_page: true });

    const page = await ok<CreatorProfilePage>(null, "GET", `/api/creators/${owner.creatorId}/page`);
    expect(page.stories.map((s) => s.id)).toEqual([story.id]);
    expect(page.creator.story_ids).toEqual([story.id]);

    const featured = await ok<CreatorPage>(null, "GET", `/api/creators?story=${story.id}`);
    expect(featured.items.map((c) => c.id)).toEqual([owner.creatorId]);
    const facets = await ok<CreatorFacets>(null, "GET", "/api/creators/facets");
    expect(facets.stories.map((s) => s.id)).toContain(story.id);
    const search = await ok<SearchResults>(null, "GET", "/api/search?q=night%20press");
    expect(search.stories.map((s) => s.id)).toContain(story.id);
  });

  it("refuses a save based on an older version (a second tab): 409 with the message, nothing overwritten", async () => {
    const owner = await member(true);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft(), 201);
    const first = await ok<StudioStory>(owner, "PUT", `/api/studio/stories/${story.id}`, { ...draft({ title: "Tab one" }), version: 1 });
    expect(first.version).toBe(2);
    const second = await call<ErrorBody>(owner, "PUT", `/api/studio/stories/${story.id}`, { ...draft({ title: "Tab two" }), version: 1 });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({ code: "STORY_CHANGED", message: "This story changed in another tab — reload to see it" });
    const stale = await call<ErrorBody>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(await ok<StudioStory>(owner, "GET", `/api/studio/stories/${story.id}`)).toEqual(first);
  });

  it("edits a published story in place, and unpublishing takes it off every public page", async () => {
    const owner = await member(true);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft(), 201);
    const published = await ok<StudioStory>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    await ok(owner, "PUT", `/api/studio/stories/${story.id}`, { ...draft({ body: "Second edition." }), version: published.version });
    expect((await ok<StoryDetail>(null, "GET", `/api/stories/${story.id}`)).body).toBe("Second edition.");

    const back = await ok<StudioStory>(owner, "POST", `/api/studio/stories/${story.id}/unpublish`, { version: 3 });
    expect(back).toMatchObject({ status: "draft", published_at: published.published_at });
    expect(await publicIds()).not.toContain(story.id);
    expect((await call(null, "GET", `/api/stories/${story.id}`)).status).toBe(404);
    const featured = await ok<CreatorPage>(null, "GET", `/api/creators?story=${story.id}`);
    expect(featured.items).toEqual([]);
    expect((await ok<CreatorProfilePage>(null, "GET", `/api/creators/${owner.creatorId}/page`)).stories).toEqual([]);
  });

  it("deletes a story for good, with the favorites of it", async () => {
    const owner = await member(true);
    const fan = await member(false);
    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft(), 201);
    await ok(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    await ok(fan, "PUT", `/api/me/favorites/story/${story.id}`);
    expect((await call(owner, "DELETE", `/api/studio/stories/${story.id}`)).status).toBe(204);
    expect((await call(owner, "GET", `/api/studio/stories/${story.id}`)).status).toBe(404);
    expect(await publicIds()).not.toContain(story.id);
    const favorites = await ok<{ stories: string[] }>(fan, "GET", "/api/me/favorites");
    expect(favorites.stories).not.toContain(story.id);
    expect((await call(owner, "DELETE", `/api/studio/stories/${story.id}`)).status).toBe(404);
  });

  it("takes as a cover only an image the creator uploaded, and shows it with its variants", async () => {
    const owner = await member(true);
    const other = await member(true, "Olga");
    const [mine] = await insertMedia(t.database, [{ owner_id: owner.uid, hash: "a".repeat(32), width: 1600, height: 900 }]);
    const [theirs] = await insertMedia(t.database, [{ owner_id: other.uid }]);
    const refused = await call<ErrorBody>(owner, "POST", "/api/studio/stories", draft({ cover_media_id: theirs!.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ cover_media_id: STORY_MESSAGES.coverUnknown });
    const unknown = await call<ErrorBody>(owner, "POST", "/api/studio/stories", draft({ cover_media_id: "m_nope" }));
    expect(unknown.status).toBe(400);

    const story = await ok<StudioStory>(owner, "POST", "/api/studio/stories", draft({ cover_media_id: mine!.id }), 201);
    const base = `/media/u/${"a".repeat(32)}`;
    expect(story.cover).toEqual({
      id: mine!.id,
      width: 1600,
      height: 900,
      placeholder: mine!.placeholder,
      src: `${base}/1024.jpg`,
      srcset: `${base}/320.jpg 320w, ${base}/640.jpg 640w, ${base}/1024.jpg 1024w, ${base}/1600.jpg 1600w`,
      sources: [
        { type: "image/avif", srcset: `${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/1024.avif 1024w, ${base}/1600.avif 1600w` },
        { type: "image/webp", srcset: `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1024.webp 1024w, ${base}/1600.webp 1600w` },
      ],
    });
    await ok(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: 1 });
    const card = (await ok<Page<Story>>(null, "GET", "/api/stories?limit=100")).items.find((s) => s.id === story.id);
    expect(card).toMatchObject({ cover: story.cover, image_url: `${base}/1024.jpg` });
  });
});

describe("the studio profile", () => {
  it("shows the creator's own record, with the account's email", async () => {
    const owner = await member(true, "Nora");
    const profile = await ok<StudioProfile>(owner, "GET", "/api/studio/profile");
    expect(profile).toMatchObject({
      id: owner.creatorId,
      first_name: "Nora",
      bio: "Prints zines in a garage.",
      city: "Chicago",
      state: "IL",
      art_type: ["writing"],
      disciplines: ["writing"],
      avatar: null,
      avatar_media_id: null,
    });
    expect(profile.email).toMatch(/@example\.com$/);
  });

  it("validates with the application's schema and messages, keeping the record as it was", async () => {
    const owner = await member(true);
    const before = await ok<StudioProfile>(owner, "GET", "/api/studio/profile");
    const res = await call<ErrorBody>(owner, "PUT", "/api/studio/profile", {
      first_name: "",
      last_name: "Maker",
      bio: "word ".repeat(201),
      state: "IL",
      city: "Springfield, MA",
      art_type: [],
      website: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      first_name: CREATOR_MESSAGES.firstNameRequired,
      bio: CREATOR_MESSAGES.bioTooLong,
      city: CREATOR_MESSAGES.cityUnknown,
      art_type: CREATOR_MESSAGES.disciplinesRequired,
      website: CREATOR_MESSAGES.websiteInvalid,
    });
    expect(await ok<StudioProfile>(owner, "GET", "/api/studio/profile")).toEqual(before);
  });

  it("saves every field and the avatar; the directory and the creator's page show the change", async () => {
    const owner = await member(true);
    const [avatar] = await insertMedia(t.database, [{ owner_id: owner.uid, width: 640, height: 640, widths: "[320,640]" }]);
    const saved = await ok<StudioProfile>(owner, "PUT", "/api/studio/profile", {
      first_name: "lena",
      last_name: "ortiz",
      bio: "Weaves wall hangings from rope.",
      state: "TX",
      city: "austin",
      art_type: ["fashion", "visual_art"],
      instagram: "@lena.weaves",
      website: "https://lena.example",
      avatar_media_id: avatar!.id,
    });
    expect(saved).toMatchObject({
      first_name: "Lena",
      last_name: "Ortiz",
      city: "Austin",
      state: "TX",
      disciplines: ["visual_art", "fashion"],
      instagram: "lena.weaves",
      website: "https://lena.example",
      avatar_media_id: avatar!.id,
      avatar: { id: avatar!.id, width: 640, height: 640 },
    });
    const page = await ok<CreatorProfilePage>(null, "GET", `/api/creators/${owner.creatorId}/page`);
    expect(page.creator).toMatchObject({ artist_name: "Lena Ortiz", avatar: { id: avatar!.id } });
    const found = await ok<CreatorPage>(null, "GET", "/api/creators?q=lena%20ortiz");
    expect(found.items.map((c) => c.id)).toEqual([owner.creatorId]);

    const [theirs] = await insertMedia(t.database, [{ owner_id: (await member(false)).uid }]);
    const refused = await call<ErrorBody>(owner, "PUT", "/api/studio/profile", { ...saved, avatar_media_id: theirs!.id });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(["avatar_media_id"]);
  });
});

describe("GET /api/creators/{id}/page", () => {
  it("shows a sample creator with the stories they wrote and the products they sell, newest first", async () => {
    const page = await ok<CreatorProfilePage>(null, "GET", "/api/creators/maya_lopez/page");
    expect(page.creator.id).toBe("maya_lopez");
    for (const product of page.products) expect(product.creator).toEqual({ id: "maya_lopez", artist_name: "Maya Lopez" });
    // Her published sample story is hers, with a page, and among the stories she is featured in.
    expect(page.stories.map((s) => s.id)).toEqual(["story-big-letters-small-shops"]);
    expect(page.stories[0]).toMatchObject({ has_page: true, creator: { id: "maya_lopez" } });
    expect(page.creator.stories).toContainEqual({ id: "story-big-letters-small-shops", title: "Big Letters for Small Shops", has_page: true });
    expect(page.creator.stories.filter((s) => !s.has_page).length).toBeGreaterThan(0);
  });

  it("is a 404 for an unknown creator", async () => {
    const res = await call<ErrorBody>(null, "GET", "/api/creators/nobody_here/page");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });
});

describe("the sample creator of development", () => {
  it("signs in with the README's password and reaches the studio as Maya Lopez; test and production databases have no such account", async () => {
    const dev = await createTestApp({ SEED_ON_START: "true", NODE_ENV: "development" });
    try {
      const res = await dev.request("/api/auth/sign-in/email", {
        json: { email: SAMPLE_CREATOR.email, password: SAMPLE_CREATOR.password },
      });
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res);
      const profile = await dev.request("/api/studio/profile", { cookie });
      expect(((await profile.json()) as StudioProfile).id).toBe(SAMPLE_CREATOR.creatorId);
    } finally {
      await dev.close();
    }
    const here = await t.request("/api/auth/sign-in/email", {
      json: { email: SAMPLE_CREATOR.email, password: SAMPLE_CREATOR.password },
    });
    expect(here.status).toBe(401);
  });
});
