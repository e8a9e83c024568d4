/** Shared arrangements of the curation API tests: people of every role and items of their own. */
import { expect } from "vitest";
import type { Role } from "../../../common/roles.js";
import { DEFAULT_PASSWORD, insertCreator, insertProduct, insertStory, insertUser } from "../../db/seed/factories.js";
import { sessionCookie, type TestApp } from "../../test/harness.js";

export interface Person {
  cookie: string;
  uid: string;
  email: string;
  creatorId: string | null;
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function curationHelpers(t: () => TestApp) {
  let next = 0;
  const unique = () => `${process.pid}-${++next}`;

  async function signIn(email: string, password = DEFAULT_PASSWORD): Promise<string> {
    const res = await t().request("/api/auth/sign-in/email", { json: { email, password } });
    expect(res.status, await res.clone().text()).toBe(200);
    return sessionCookie(res);
  }

  /** Rows written behind the API's back: the cached public answers they change must go. */
  const fresh = () => t().responseCache.invalidate(["catalog", "stock", "creators"]);

  return {
    unique,
    signIn,
    /** A signed-in account with this role (a curator or admin, or a plain member). */
    async person(role: Role = "member"): Promise<Person> {
      const { user } = await insertUser(t().database, { role });
      return { cookie: await signIn(user.email), uid: user.id, email: user.email, creatorId: null };
    },
    /** A signed-in creator: an account linked to a creator record of its own. */
    async creator(first = "Quinn"): Promise<Person> {
      const n = unique();
      const { creator } = await insertCreator(t().database, { id: `curated_${n.replace("-", "_")}`, first_name: first, last_name: `Curated ${n}` });
      const { user } = await insertUser(t().database, { creator_id: creator.id });
      await t().database.db.updateTable("creator").set({ user_id: user.id }).where("id", "=", creator.id).execute();
      await fresh();
      return { cookie: await signIn(user.email), uid: user.id, email: user.email, creatorId: creator.id };
    },
    /** A published story with a page, by `creatorId` (or the house's own). */
    async story(creatorId: string | null = null, overrides: Parameters<typeof insertStory>[1] = {}) {
      const n = unique();
      const story = await insertStory(t().database, {
        id: `story-curated-${n}`,
        title: `Curated story ${n}`,
        body: "## A page\n\nWith words.",
        creator_id: creatorId,
        date: "2001-01-01T12:00:00.000Z",
        ...overrides,
      });
      if (creatorId && story.status === "published") {
        await t().database.db.insertInto("creator_story").values({ creator_id: creatorId, story_id: story.id }).execute();
      }
      await fresh();
      return story;
    },
    /** A product sold by `creatorId` (or the house); an artifact of category art by default. */
    async product(creatorId: string | null = null, overrides: Parameters<typeof insertProduct>[1] = {}) {
      const n = unique();
      const product = await insertProduct(t().database, {
        id: `prod-curated-${n}`,
        title: `Curated print ${n}`,
        creator_id: creatorId,
        created_at: "2001-01-01T12:00:00.000Z",
        ...overrides,
      });
      await fresh();
      return product;
    },
    /** Sends a request and parses the answer. */
    async call<T>(who: Person | null, method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
      const res = await t().request(path, { method, cookie: who?.cookie, json });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    /** Sends a request that must answer `status` (200 by default), and parses it. */
    async ok<T>(who: Person | null, method: string, path: string, json?: unknown, status = 200): Promise<T> {
      const res = await t().request(path, { method, cookie: who?.cookie, json });
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBe(status);
      return (text ? JSON.parse(text) : null) as T;
    },
    /** The curation columns of every story, product and creator, and the audit log: what a refused write must leave as it was. */
    async snapshot() {
      const { db } = t().database;
      const [stories, products, creators, audit] = await Promise.all([
        db.selectFrom("story").select(["id", "featured_rank", "hidden_at", "status"]).orderBy("id").execute(),
        db.selectFrom("product").select(["id", "featured_rank", "hidden_at"]).orderBy("id").execute(),
        db.selectFrom("creator").select(["id", "featured_rank", "hidden_at", "suspended_at"]).orderBy("id").execute(),
        db.selectFrom("audit_log").selectAll().orderBy("id").execute(),
      ]);
      return { stories, products, creators, audit };
    },
    async auditOf(targetId: string) {
      return t()
        .database.db.selectFrom("audit_log")
        .selectAll()
        .where("target_id", "=", targetId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },
  };
}
