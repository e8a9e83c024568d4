import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Creator, CreatorFacets, CreatorPage } from "../../../common/api/creators.js";
import { CREATOR_MESSAGES } from "../../../common/creator-schemas.js";
import { ART_DISCIPLINES } from "../../../common/creator-fields.js";
import { findCity } from "../../../common/us-states.js";
import { toBool } from "../../db/dialect.js";
import { CREATORS, STORIES, isPublishedSeed } from "../../db/seed/content.js";
import { insertCreator } from "../../db/seed/factories.js";
import { foldSearchText } from "../../search/search-text.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/harness.js";
import { encodeCursor } from "../../../common/paging.js";

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Application attempts per client address in this file's app; each test uses addresses of its own. */
const RATE_LIMIT = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true", AUTH_RATE_LIMIT_IP: String(RATE_LIMIT) });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A client address no other test has used, so the per-address limit never interferes. */
const freshIp = () => `203.0.113.${++ipCounter}`;

async function getJson<T>(path: string, status = 200): Promise<T> {
  const res = await t.request(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

/** Follows next_cursor from the first page to the last. */
async function pageThrough(path: string): Promise<{ items: Creator[]; pages: CreatorPage[] }> {
  const items: Creator[] = [];
  const pages: CreatorPage[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page: CreatorPage = await getJson<CreatorPage>(cursor ? `${path}${sep}cursor=${cursor}` : path);
    pages.push(page);
    items.push(...page.items);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return { items, pages };
}

type Seed = (typeof CREATORS)[number];
/** Directory order: joined newest first, then id descending. */
const byDirectoryOrder = (a: Seed, b: Seed) =>
  a.joined === b.joined ? (a.id < b.id ? 1 : -1) : a.joined < b.joined ? 1 : -1;
const expectedIds = (filter: (c: Seed) => boolean = () => true) =>
  CREATORS.filter(filter)
    .sort(byDirectoryOrder)
    .map((c) => c.id);
const matches = (c: Seed, q: string) =>
  [`${c.first_name} ${c.last_name}`, c.bio, c.city].some((text) => foldSearchText(text).includes(foldSearchText(q)));

/** Stories in the order of GET /api/stories: newest first, undated last, id descending. */
const storyRank = new Map(
  [...STORIES]
    .sort((a, b) => {
      if (a.date === b.date) return a.id < b.id ? 1 : -1;
      if (a.date === null) return 1;
      if (b.date === null) return -1;
      return a.date < b.date ? 1 : -1;
    })
    .map((s, i) => [s.id, i]),
);
const storyTitle = (id: string) => STORIES.find((s) => s.id === id)!.title;

describe("GET /api/creators", () => {
  it("lists every seeded creator once, newest first, with the total on the first page", async () => {
    const page = await getJson<CreatorPage>("/api/creators");
    expect(page.items.map((c) => c.id)).toEqual(expectedIds());
    expect(page.total).toBe(16);
    expect(page.next_cursor).toBeNull();
    expect(page.items.every((c) => c.approved)).toBe(true);
  });

  it("shows the directory view of spec §3", async () => {
    const page = await getJson<CreatorPage>("/api/creators?q=maya");
    const maya = CREATORS.find((c) => c.id === "maya_lopez")!;
    const storyIds = [...maya.stories].sort((a, b) => storyRank.get(a)! - storyRank.get(b)!);
    expect(page.items).toEqual([
      {
        id: "maya_lopez",
        artist_name: "Maya Lopez",
        first_name: "Maya",
        last_name: "Lopez",
        bio: maya.bio,
        city: "Chicago",
        state: "IL",
        disciplines: ["visual_art", "design"],
        story_ids: storyIds,
        // A story with a body has a page to link to; the spec's sample stories have none.
        stories: storyIds.map((id) => ({ id, title: storyTitle(id), has_page: isPublishedSeed(STORIES.find((s) => s.id === id)!) })),
        profile_image_url: "/media/creators/maya_lopez.svg",
        avatar: null,
        portfolio_url: "https://example.com/maya-lopez",
        instagram: "maya.paints.walls",
        website: "https://example.com/maya-lopez",
        joined: "2023-03-02T15:20:00.000Z",
        approved: true,
      },
    ]);
  });

  it("sends null for missing links and images, and an empty bio as it is", async () => {
    const { items } = await getJson<CreatorPage>("/api/creators?limit=100");
    const oscar = items.find((c) => c.id === "oscar_lindqvist")!;
    expect(oscar).toMatchObject({ profile_image_url: null, portfolio_url: null, instagram: null, website: null, stories: [], story_ids: [] });
    expect(items.find((c) => c.id === "hana_kimura")!.bio).toBe("");
  });

  it("never shows an email or the linked account", async () => {
    const res = await t.request("/api/creators?limit=100");
    const text = await res.text();
    expect(text).not.toContain("@example.com");
    for (const creator of (JSON.parse(text) as CreatorPage).items) {
      expect(Object.keys(creator)).not.toContain("email");
      expect(Object.keys(creator)).not.toContain("user_id");
    }
  });

  it("pages through every creator with the cursor, without duplicates or gaps, at any page size", async () => {
    for (const limit of [1, 3, 5, 15, 16, 100]) {
      const { items, pages } = await pageThrough(`/api/creators?limit=${limit}`);
      expect(items.map((c) => c.id)).toEqual(expectedIds());
      expect(pages).toHaveLength(Math.ceil(16 / limit));
      expect(pages[0]!.total).toBe(16);
      expect(pages.slice(1).every((p) => p.total === null)).toBe(true);
    }
  });

  it.each(ART_DISCIPLINES.map((d) => [d]))("filters by discipline %s", async (discipline) => {
    const expected = expectedIds((c) => (c.disciplines as string[]).includes(discipline));
    const { items, pages } = await pageThrough(`/api/creators?discipline=${discipline}&limit=2`);
    expect(items.map((c) => c.id)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
    expect(items.every((c) => (c.disciplines as string[]).includes(discipline))).toBe(true);
  });

  it("filters by city", async () => {
    const page = await getJson<CreatorPage>("/api/creators?city=Los%20Angeles");
    expect(page.items.map((c) => c.id)).toEqual(["rosa_benitez"]);
    expect(page.total).toBe(1);
    expect((await getJson<CreatorPage>("/api/creators?city=Gotham")).total).toBe(0);
  });

  it("filters by the story a creator is featured in", async () => {
    for (const story of ["story-marquee-letters", "story-unfinished-mural", "story-cafe-senora"]) {
      const expected = expectedIds((c) => c.stories.includes(story));
      const page = await getJson<CreatorPage>(`/api/creators?story=${story}`);
      expect(page.items.map((c) => c.id), story).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(page.items.every((c) => c.story_ids.includes(story))).toBe(true);
    }
    expect(await getJson<CreatorPage>("/api/creators?story=story-nope")).toEqual({ items: [], next_cursor: null, total: 0 });
  });

  it("searches name, full name, bio and city, ignoring case (non-ASCII letters too)", async () => {
    for (const q of ["maya", "LOPEZ", "maya lopez", "sourdough", "PITTSBURGH", "café", "CAFÉ", "CAF", "new", "a"]) {
      const expected = expectedIds((c) => matches(c, q));
      expect(expected.length, q).toBeGreaterThan(0);
      const page = await getJson<CreatorPage>(`/api/creators?q=${encodeURIComponent(q)}&limit=100`);
      expect(page.items.map((c) => c.id), q).toEqual(expected);
      expect(page.total, q).toBe(expected.length);
    }
  });

  it("treats search text literally and trims it", async () => {
    // Name, bio and city are separate texts: a match never runs from one into the next.
    for (const q of ["100%", "_", "\\", "'; drop table creator; --", "lopez muralist", "enamel paint. chicago"]) {
      expect((await getJson<CreatorPage>(`/api/creators?q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    }
    expect((await getJson<CreatorPage>("/api/creators?q=%20%20")).total).toBe(16);
    expect((await getJson<CreatorPage>("/api/creators?q=%20maya%20")).items.map((c) => c.id)).toEqual(["maya_lopez"]);
  });

  it("combines filters with AND", async () => {
    const cases: [string, (c: Seed) => boolean][] = [
      ["discipline=visual_art&story=story-marquee-letters", (c) => c.disciplines.includes("visual_art") && c.stories.includes("story-marquee-letters")],
      ["discipline=photography&city=Seattle", (c) => c.disciplines.includes("photography") && c.city === "Seattle"],
      ["discipline=writing&q=poet", (c) => c.disciplines.includes("writing") && matches(c, "poet")],
      ["q=paint&story=story-unfinished-mural", (c) => matches(c, "paint") && c.stories.includes("story-unfinished-mural")],
      ["discipline=music&city=Chicago", () => false],
      [
        "discipline=visual_art&city=Chicago&story=story-neon-bakery&q=enamel",
        (c) => c.id === "maya_lopez",
      ],
    ];
    for (const [query, filter] of cases) {
      const expected = expectedIds(filter);
      const { items, pages } = await pageThrough(`/api/creators?${query}&limit=1`);
      expect(items.map((c) => c.id), query).toEqual(expected);
      expect(pages[0]!.total, query).toBe(expected.length);
    }
  });

  it("ignores empty filters", async () => {
    expect((await getJson<CreatorPage>("/api/creators?q=&city=&story=&cursor=")).total).toBe(16);
  });

  it("answers bad parameters with 400 and the parameter's name, never 500", async () => {
    const cases: [string, string][] = [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=abc", "limit"],
      ["limit=2.5", "limit"],
      ["discipline=painting", "discipline"],
      ["discipline=", "discipline"],
      ["cursor=garbage!", "cursor"],
      ["cursor=bm90LWpzb24", "cursor"],
      [`cursor=${encodeCursor({ key: null, id: "maya_lopez" })}`, "cursor"],
      [`cursor=${Buffer.from(JSON.stringify(["2024-02-30T00:00:00.000Z", "x"])).toString("base64url")}`, "cursor"],
      [`q=${"a".repeat(101)}`, "q"],
      ["q=%01", "q"],
      ["city=Chi%0Acago", "city"],
      [`story=${"s".repeat(201)}`, "story"],
      ["story=%00", "story"],
    ];
    for (const [query, field] of cases) {
      const body = await getJson<ErrorBody>(`/api/creators?${query}`, 400);
      expect(body.error.code, query).toBe("VALIDATION_FAILED");
      expect(Object.keys(body.error.fields ?? {}), query).toContain(field);
    }
  });

  it("accepts a cursor that is well formed but from elsewhere without failing", async () => {
    const cursor = encodeCursor({ key: "2099-01-01T00:00:00.000Z", id: "zzz" });
    expect((await getJson<CreatorPage>(`/api/creators?cursor=${cursor}`)).items).toHaveLength(16);
  });

  it("asks browsers to revalidate, so a new creator shows at once", async () => {
    const res = await t.request("/api/creators");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("GET /api/creators/:id", () => {
  it("returns one creator in the directory view", async () => {
    const list = await getJson<CreatorPage>("/api/creators?q=maya%20lopez");
    expect(await getJson<Creator>("/api/creators/maya_lopez")).toEqual(list.items[0]);
  });

  it("answers 404 for an unknown id and 400 for a bad one", async () => {
    expect((await getJson<ErrorBody>("/api/creators/nobody_here", 404)).error.code).toBe("NOT_FOUND");
    expect((await getJson<ErrorBody>(`/api/creators/${"x".repeat(201)}`, 400)).error.fields).toHaveProperty("id");
    expect((await getJson<ErrorBody>("/api/creators/a%01b", 400)).error.fields).toHaveProperty("id");
  });
});

describe("GET /api/creators/facets", () => {
  it("offers the disciplines, cities and stories present, and the total", async () => {
    const facets = await getJson<CreatorFacets>("/api/creators/facets");
    const present = new Set(CREATORS.flatMap((c) => c.disciplines as string[]));
    const featured = new Set(CREATORS.flatMap((c) => c.stories));
    expect(facets).toEqual({
      disciplines: ART_DISCIPLINES.filter((d) => present.has(d)),
      cities: [...new Set(CREATORS.map((c) => c.city))].sort((a, b) => a.localeCompare(b, "en")),
      stories: [...featured]
        .sort((a, b) => storyRank.get(a)! - storyRank.get(b)!)
        .map((id) => ({ id, title: storyTitle(id) })),
      total: 16,
    });
    expect(facets.disciplines).not.toContain("film");
    expect(facets.disciplines).toContain("other");
  });
});

describe("only approved creators are shown", () => {
  beforeAll(async () => {
    await insertCreator(t.database, {
      id: "hidden_person",
      first_name: "Hidden",
      last_name: "Person",
      email: "hidden.person@example.com",
      bio: "Zebra crossings, painted by night.",
      city: "Boise",
      state: "ID",
      approved: false,
      joined: new Date(),
      disciplines: ["film"],
      stories: ["story-marquee-letters"],
    });
  });
  afterAll(async () => {
    await t.database.db.deleteFrom("creator").where("id", "=", "hidden_person").execute();
  });

  it("leaves an unapproved creator out of lists, counts, searches and facets", async () => {
    const all = await getJson<CreatorPage>("/api/creators?limit=100");
    expect(all.items.map((c) => c.id)).not.toContain("hidden_person");
    expect(all.total).toBe(16);
    for (const query of ["q=zebra", "discipline=film", "city=Boise"]) {
      expect(await getJson<CreatorPage>(`/api/creators?${query}`), query).toEqual({ items: [], next_cursor: null, total: 0 });
    }
    const story = await getJson<CreatorPage>("/api/creators?story=story-marquee-letters");
    expect(story.items.map((c) => c.id)).toEqual(expectedIds((c) => c.stories.includes("story-marquee-letters")));
    await getJson<ErrorBody>("/api/creators/hidden_person", 404);
    const facets = await getJson<CreatorFacets>("/api/creators/facets");
    expect(facets.disciplines).not.toContain("film");
    expect(facets.cities).not.toContain("Boise");
    expect(facets.total).toBe(16);
  });
});

describe("seed and states table agree", () => {
  it("puts every seeded creator in a city of its state's list", () => {
    for (const c of CREATORS) expect(findCity(c.state, c.city), `${c.id}: ${c.city}, ${c.state}`).toBe(c.city);
  });
});

// ---------------------------------------------------------------------------------------------

const application = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Ivy",
  last_name: "Moreno",
  email: `ivy.${++ipCounter}@example.org`,
  bio: "Collage artist working with bus tickets and receipts.",
  city: "Tucson",
  state: "AZ",
  art_type: ["visual_art"],
  instagram: "",
  website: "",
  image_url: "",
  ...overrides,
});

async function apply(body: unknown, options: { cookie?: string; ip?: string } = {}) {
  const res = await t.request("/api/creators/applications", { json: body, ip: options.ip ?? freshIp(), cookie: options.cookie });
  return { status: res.status, body: (await res.json()) as Creator & ErrorBody, headers: res.headers };
}

async function creatorRow(id: string) {
  return t.database.db.selectFrom("creator").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("POST /api/creators/applications: validation", () => {
  it("reports every missing field with the spec's messages", async () => {
    const { status, body } = await apply({});
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      email: "Email is required",
      bio: "Bio is required",
      city: "City is required",
      state: "State is required",
      art_type: "Please select at least one art discipline",
    });
  });

  it.each([
    ["first_name", "", "First name is required"],
    ["last_name", "  ", "Last name is required"],
    ["email", "", "Email is required"],
    ["email", "ivy@example", "Email is invalid"],
    ["email", "ivy@example.c", "Email is invalid"],
    ["bio", "", "Bio is required"],
    ["city", "", "City is required"],
    ["state", "", "State is required"],
    ["art_type", [], "Please select at least one art discipline"],
    ["state", "ZZ", CREATOR_MESSAGES.stateUnknown],
    ["city", "Chicago", CREATOR_MESSAGES.cityUnknown],
    ["art_type", ["painting"], CREATOR_MESSAGES.disciplineUnknown],
    ["instagram", "ivy moreno", CREATOR_MESSAGES.instagramInvalid],
    ["first_name", "x".repeat(51), CREATOR_MESSAGES.firstNameTooLong],
  ])("%s = %j → 400 %s", async (field, value, message) => {
    const { status, body } = await apply(application({ [field]: value }));
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ [field]: message });
  });

  it("accepts a 200-word bio and refuses 201 words", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    const refused = await apply(application({ first_name: "Wordy", bio: words(201) }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ bio: "Bio must be 200 words or less" });
    const accepted = await apply(application({ first_name: "Wordy", bio: words(200) }));
    expect(accepted.status).toBe(201);
    expect(accepted.body.bio.split(" ")).toHaveLength(200);
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(document.cookie)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "%6Aavascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
  ])("refuses %j as website and profile image URL", async (url) => {
    const { status, body } = await apply(application({ website: url, image_url: url }));
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ website: CREATOR_MESSAGES.websiteInvalid, image_url: CREATOR_MESSAGES.imageUrlInvalid });
  });

  it("refuses bodies that are not JSON objects without a 500", async () => {
    for (const body of ["null", "[]", "\"text\"", "{", "{\"first_name\": {\"$gt\": \"\"}}"]) {
      const res = await t.request("/api/creators/applications", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
        ip: freshIp(),
      });
      expect(res.status, body).toBe(400);
    }
    const form = await t.request("/api/creators/applications", {
      method: "POST",
      body: "first_name=Ivy",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: freshIp(),
    });
    expect(form.status).toBe(415);
  });

  it("refuses an application sent from another site", async () => {
    const res = await t.request("/api/creators/applications", { json: application(), origin: "https://evil.example", ip: freshIp() });
    expect(res.status).toBe(403);
  });
});

describe("POST /api/creators/applications: approval", () => {
  it("approves at once, stores the normalised record and answers with the directory view", async () => {
    const before = Date.now();
    const { status, body } = await apply({
      first_name: "  jOSÉ ",
      last_name: "nÚÑEZ",
      email: "  Jose.Nunez@Example.ORG ",
      bio: "  Ceramics and\r\nsoup.  ",
      city: "santa fe",
      state: "nm",
      art_type: ["culinary", "visual_art", "culinary"],
      instagram: "@jose.pots",
      website: "https://example.org/jose",
      image_url: "https://example.org/jose.png",
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: "jose_nunez",
      artist_name: "José Núñez",
      first_name: "José",
      last_name: "Núñez",
      bio: "Ceramics and\nsoup.",
      city: "Santa Fe",
      state: "NM",
      disciplines: ["visual_art", "culinary"],
      story_ids: [],
      stories: [],
      profile_image_url: "https://example.org/jose.png",
      avatar: null,
      portfolio_url: "https://example.org/jose",
      instagram: "jose.pots",
      website: "https://example.org/jose",
      joined: expect.any(String),
      approved: true,
    });
    const joined = Date.parse(body.joined);
    expect(joined).toBeGreaterThanOrEqual(before - 1000);
    expect(joined).toBeLessThanOrEqual(Date.now() + 1000);

    const row = await creatorRow("jose_nunez");
    expect(row).toMatchObject({ email: "jose.nunez@example.org", user_id: null, instagram: "jose.pots" });
    expect(toBool(row!.approved)).toBe(true);
    const disciplines = await t.database.db.selectFrom("creator_discipline").select("discipline").where("creator_id", "=", "jose_nunez").execute();
    expect(disciplines.map((d) => d.discipline).sort()).toEqual(["culinary", "visual_art"]);

    // Newest first: the new creator heads the directory, and the counts follow.
    const page = await getJson<CreatorPage>("/api/creators?limit=1");
    expect(page.items[0]).toEqual(body);
    expect(page.total).toBeGreaterThan(16);
    const facets = await getJson<CreatorFacets>("/api/creators/facets");
    expect(facets.cities).toContain("Santa Fe");
    expect(facets.total).toBe(page.total);
  });

  it("stores the optional fields as empty when left out", async () => {
    const { status, body } = await apply(application({ first_name: "Plain", instagram: undefined, website: null, image_url: "  " }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ instagram: null, website: null, portfolio_url: null, profile_image_url: null });
    expect(await creatorRow(body.id)).toMatchObject({ instagram: "", website: "", image_url: "" });
  });

  it("gives a clashing name the suffix -2, then -3", async () => {
    const first = await apply(application({ first_name: "maya", last_name: "LOPEZ" }));
    const second = await apply(application({ first_name: "Maya", last_name: "Lopez" }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.id, second.body.id]).toEqual(["maya_lopez-2", "maya_lopez-3"]);
    expect(first.body.artist_name).toBe("Maya Lopez");
  });

  it("gives simultaneous applications with the same name distinct ids", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => apply(application({ first_name: "Sam", last_name: "Rivera" }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(results.map((r) => r.body.id).sort()).toEqual(
      ["sam_rivera", "sam_rivera-2", "sam_rivera-3", "sam_rivera-4", "sam_rivera-5", "sam_rivera-6"].sort(),
    );
  });

  it("refuses an email that already has a creator record with 409 on the email field", async () => {
    const { status, body } = await apply(application({ email: "  MAYA.LOPEZ@example.com " }));
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: "EMAIL_TAKEN",
      message: CREATOR_MESSAGES.emailTaken,
      fields: { email: CREATOR_MESSAGES.emailTaken },
    });
    expect(await t.database.db.selectFrom("creator").select("id").where("email", "=", "maya.lopez@example.com").execute()).toEqual([
      { id: "maya_lopez" },
    ]);
  });

  it("lets only one of two simultaneous applications with the same email through", async () => {
    const email = "twin@example.org";
    const results = await Promise.all([
      apply(application({ first_name: "Twin", last_name: "One", email })),
      apply(application({ first_name: "Twin", last_name: "Two", email })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.database.db.selectFrom("creator").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
    // The loser left nothing behind.
    const orphans = await t.database.db
      .selectFrom("creator_discipline")
      .select("creator_id")
      .where("creator_id", "in", ["twin_one", "twin_two"])
      .execute();
    expect(orphans).toHaveLength(1);
  });

  it("links a signed-in applicant: the user becomes this creator and /api/me says so", async () => {
    const { cookie, user } = await t.signUp();
    const me = await t.request("/api/me", { cookie });
    expect(await me.json()).toMatchObject({ creator: false, creator_id: null });

    const { status, body } = await apply(application({ first_name: "Linked", last_name: "Artist", email: user.email }), { cookie });
    expect(status).toBe(201);
    expect(body.id).toBe("linked_artist");
    expect(Object.keys(body)).not.toContain("user_id");
    expect(await creatorRow("linked_artist")).toMatchObject({ user_id: user.uid, email: user.email });
    const after = await t.request("/api/me", { cookie });
    expect(await after.json()).toMatchObject({ uid: user.uid, creator: true, creator_id: "linked_artist" });
  });

  it("refuses a second application from a user who is a creator already", async () => {
    const { cookie, user } = await t.signUp();
    expect((await apply(application({ first_name: "Once", email: user.email }), { cookie })).status).toBe(201);
    const again = await apply(application({ first_name: "Twice", email: user.email }), { cookie });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "ALREADY_CREATOR", message: CREATOR_MESSAGES.alreadyCreator });
  });

  it("asks a signed-in applicant for the account's email", async () => {
    const { cookie, user } = await t.signUp();
    const other = await apply(application({ first_name: "Other", email: "someone.else@example.org" }), { cookie });
    expect(other.status).toBe(400);
    expect(other.body.error.fields).toEqual({ email: CREATOR_MESSAGES.emailNotAccount });
    const same = await apply(application({ first_name: "Other", email: user.email.toUpperCase() }), { cookie });
    expect(same.status).toBe(201);
  });

  it("treats an unknown session cookie as an anonymous applicant", async () => {
    const { status, body } = await apply(application({ first_name: "Stale" }), { cookie: "maybe.session_token=nope" });
    expect(status).toBe(201);
    expect(await creatorRow(body.id)).toMatchObject({ user_id: null });
  });

  it("still approves when marking the user fails, and leaves the user as it was", async () => {
    const { cookie, user } = await t.signUp();
    await refuseUserCreatorUpdates(true);
    try {
      const { status, body } = await apply(application({ first_name: "Unlinked", email: user.email }), { cookie });
      expect(status).toBe(201);
      expect(await creatorRow(body.id)).toMatchObject({ user_id: user.uid });
    } finally {
      await refuseUserCreatorUpdates(false);
    }
    expect(await (await t.request("/api/me", { cookie })).json()).toMatchObject({ creator: false, creator_id: null });
  });
});

describe("POST /api/creators/applications: rate limit", () => {
  it("refuses attempts from one address beyond the limit with 429 and Retry-After", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // Refused attempts count too: the limit comes before validation.
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await apply({}, { ip })).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
    const refused = await apply(application({ first_name: "Late" }), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await apply(application({ first_name: "Elsewhere" }), { ip: freshIp() })).status).toBe(201);
  });

  it("does not limit reading the directory", async () => {
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      expect((await t.request("/api/creators?limit=1", { ip: "198.51.100.77" })).status).toBe(200);
    }
  });
});

/**
 * Makes every change of user.creator_id fail (or stops doing so), to show that an application
 * stands when marking the user fails (DECISIONS.md 12). Test-only triggers, one per database.
 */
async function refuseUserCreatorUpdates(refuse: boolean): Promise<void> {
  const db = t.database.db;
  if (TEST_DB === "postgres") {
    if (refuse) {
      await sql`create function refuse_creator_link() returns trigger language plpgsql as $$
        begin raise exception 'creator link refused'; end $$`.execute(db);
      await sql`create trigger refuse_creator_link before update of creator_id on "user"
        for each row execute function refuse_creator_link()`.execute(db);
    } else {
      await sql`drop trigger refuse_creator_link on "user"`.execute(db);
      await sql`drop function refuse_creator_link()`.execute(db);
    }
  } else if (refuse) {
    await sql`create trigger refuse_creator_link before update of creator_id on "user"
      begin select raise(abort, 'creator link refused'); end`.execute(db);
  } else {
    await sql`drop trigger refuse_creator_link`.execute(db);
  }
}
