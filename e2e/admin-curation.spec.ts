/**
 * Curation (issue 19, docs/decisions/0019) against the real server: a curator features a tee and
 * it becomes the first slide of the store's 'Featured Tees of the Week'; a curator suspends a
 * creator, who leaves /creators while their studio says why and refuses to publish; the featured
 * order is changed with the keyboard alone; axe, and screenshots at 1280 and 390 px.
 *
 * Other specs run beside these on the same server: the tee featured here is unfeatured at once,
 * and the creators are this file's own, dated 2001 (after every other on the directory's pages).
 */
import type { Page } from "@playwright/test";
import { insertCreator } from "../src/server/db/seed/factories.js";
import { expect, expectNoAxeViolations, signInViaApi, signUpViaApi, test, uniqueAccount, withE2eDatabase, expectNoSidewaysScroll } from "./fixtures";
import { createStaffAccount } from "./staff";

const TEXT = {
  suspendedStudio:
    "Your creator profile is suspended by the MAYBE team: your profile, stories and products are off the site for now, and publishing is paused. You can still write and save drafts, and your orders are as they were.",
  suspendedRefusal:
    "Your creator profile is suspended, so you cannot publish or change what the site shows for now. You can still write and save drafts.",
  directoryEmpty: "0 creators found",
  offSiteSuspended: "Not on the site while your creator profile is suspended. It comes back when the suspension ends.",
  offSiteHidden: "Not on the site: the MAYBE team has hidden this story, so readers cannot find it and its page is gone.",
};

// The tests of this file change the one featured list the site has (the keyboard test reorders the
// whole set, and answers 409 FEATURED_CHANGED, rightly, when another test features a creator
// meanwhile): they run one after another, in one worker.
test.describe.configure({ mode: "default" });

// ------------------------------------------------------------------------------------ helpers

function originOf(page: Page): string {
  return new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!).origin;
}

async function signInAsCurator(page: Page) {
  const account = await createStaffAccount("curator");
  await signInViaApi(page, account);
  return account;
}

/** A curation write through the API, in the page's session (arrangements and clean-up). */
async function curateViaApi(page: Page, path: string) {
  const res = await page.request.post(`/api/admin/curation/${path}`, { headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(200);
}

let creatorCounter = 0;
/** A creator of this file's own, joined in 2001 so the directory shows them after everyone else. */
async function addCreator(first: string) {
  creatorCounter += 1;
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}${creatorCounter}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const id = `curation_e2e_${letters}`;
  const last = `Curio${letters}`;
  await withE2eDatabase((database) =>
    insertCreator(database, { id, first_name: first, last_name: last, joined: "2001-01-01T00:00:00.000Z", city: "Chicago", state: "IL" }),
  );
  return { id, name: `${first} ${last}` };
}

const row = (page: Page, title: string) => page.getByTestId("curation-row").filter({ has: page.getByRole("heading", { name: title }) });

// ------------------------------------------------------------------------------------ tests

test("a curator features a tee and it becomes the first slide of the store's carousel", async ({ page }) => {
  await signInAsCurator(page);
  const res = await page.request.get("/api/products?kind=merch&category=clothing&limit=12");
  const tees = ((await res.json()) as { items: { id: string; title: string }[] }).items;
  const tee = tees.at(-1)!;
  expect(tees[0]!.id).not.toBe(tee.id);

  try {
    await page.goto("/admin/curation?kind=product");
    await expect(page.getByRole("heading", { level: 1, name: "Curation" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Find products by name or id" }).fill(tee.title);
    await expect(page).toHaveURL(/q=/);
    const teeRow = row(page, tee.title);
    await teeRow.getByRole("button", { name: "Feature", exact: true }).click();
    await expect(page.getByText(`“${tee.title}” is featured, last in the order.`)).toBeVisible();
    await expect(teeRow.getByText(/^Featured #\d+$/)).toBeVisible();
    await expect(teeRow.getByRole("button", { name: "Unfeature" })).toBeVisible();

    await page.goto("/store");
    const carousel = page.getByRole("region", { name: "Featured Tees of the Week" });
    await expect(carousel.getByRole("group", { name: `1 of ${tees.length}` })).toContainText(tee.title);
  } finally {
    await curateViaApi(page, `product/${encodeURIComponent(tee.id)}/unfeature`);
  }
});

test("a curator suspends a creator: they leave /creators, and their studio says so and refuses to publish", async ({ page, browser }, testInfo) => {
  // The creator, with an account and a draft, in a browser of their own.
  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  const account = await signUpViaApi(creatorPage, uniqueAccount("maker"));
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const applied = await creatorPage.request.post("/api/creators/applications", {
    data: { first_name: "Suki", last_name: `Suspense${letters}`, email: account.email, bio: "Draws.", state: "IL", city: "Chicago", art_type: ["writing"] },
    headers: { origin: originOf(creatorPage) },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const creator = (await applied.json()) as { id: string; artist_name: string };
  const draft = await creatorPage.request.post("/api/studio/stories", {
    data: { title: "Waiting room", city: "Chicago", date: "2001-03-03", description: "A draft.", body: "Some words." },
    headers: { origin: originOf(creatorPage) },
  });
  expect(draft.status()).toBe(201);
  const story = (await draft.json()) as { id: string };

  await page.goto(`/creators?q=${encodeURIComponent(creator.artist_name)}`);
  await expect(page.getByRole("heading", { level: 3, name: creator.artist_name })).toBeVisible();

  await signInAsCurator(page);
  await page.goto(`/admin/curation?kind=creator&q=${encodeURIComponent(creator.artist_name)}`);
  const creatorRow = row(page, creator.artist_name);
  await creatorRow.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend this creator?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByLabel(/^Note/).fill("Copied another artist's work");
  await dialog.getByRole("button", { name: "Suspend creator" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${creator.artist_name} is suspended: their profile and everything by them are off the site.`)).toBeVisible();
  await expect(creatorRow.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(creatorRow.getByText("Not on the site")).toBeVisible();

  // Gone from the directory and its page, for everyone.
  await page.goto(`/creators?q=${encodeURIComponent(creator.artist_name)}`);
  await expect(page.getByText(TEXT.directoryEmpty)).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: creator.artist_name })).toHaveCount(0);
  await page.goto(`/creators/${creator.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  // The creator still signs in; the studio says why, and publishing is refused with the server's words.
  await creatorPage.goto("/studio");
  await expect(creatorPage.getByTestId("curation-notice")).toHaveText(TEXT.suspendedStudio);
  await creatorPage.goto(`/studio/stories/${story.id}`);
  await expect(creatorPage.getByTestId("curation-notice")).toHaveText(TEXT.suspendedStudio);
  await creatorPage.getByRole("button", { name: "Publish" }).click();
  await expect(creatorPage.getByText(TEXT.suspendedRefusal)).toBeVisible();
  await creatorPage.screenshot({ path: testInfo.outputPath("studio-editor-suspended-1280.png"), fullPage: true });
  await creatorPage.setViewportSize({ width: 390, height: 844 });
  await creatorPage.goto("/studio");
  await expect(creatorPage.getByTestId("curation-notice")).toBeVisible();
  await expectNoSidewaysScroll(creatorPage);
  await expectNoAxeViolations(creatorPage);
  await creatorPage.screenshot({ path: testInfo.outputPath("studio-suspended-390.png"), fullPage: true });
  await creatorPage.goto("/orders");
  await expect(creatorPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(creatorPage).toHaveURL(/\/orders$/);

  // Lifting it brings the creator back.
  await page.goto(`/admin/curation?kind=creator&state=suspended&q=${encodeURIComponent(creator.artist_name)}`);
  await row(page, creator.artist_name).getByRole("button", { name: "Unsuspend" }).click();
  await page.getByRole("dialog", { name: "Lift this suspension?" }).getByRole("button", { name: "Lift suspension" }).click();
  await expect(page.getByText(`${creator.artist_name} is no longer suspended: their profile and content are back.`)).toBeVisible();
  await page.goto(`/creators?q=${encodeURIComponent(creator.artist_name)}`);
  await expect(page.getByRole("heading", { level: 3, name: creator.artist_name })).toBeVisible();
  await creatorContext.close();
});

test("a suspended creator's studio shows what the public sees, and every refusal in the server's words where it happened", async ({ page, browser }, testInfo) => {
  // The creator (this test's page, whose console is watched) with a story out, one the curators hide, and a draft.
  const account = await signUpViaApi(page, uniqueAccount("maker"));
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const applied = await page.request.post("/api/creators/applications", {
    data: { first_name: "Rena", last_name: `Refused${letters}`, email: account.email, bio: "Writes.", state: "IL", city: "Chicago", art_type: ["writing"] },
    headers: { origin: originOf(page) },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const creator = (await applied.json()) as { id: string };
  const write = async (title: string, publish: boolean) => {
    const made = await page.request.post("/api/studio/stories", {
      data: { title, city: "Chicago", date: "2001-05-05", description: "A card.", body: "Some words." },
      headers: { origin: originOf(page) },
    });
    const story = (await made.json()) as { id: string; version: number };
    if (publish) {
      const res = await page.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers: { origin: originOf(page) } });
      expect(res.status()).toBe(200);
    }
    return { ...story, title };
  };
  const hidden = await write("Taken off the site", true);
  const live = await write("Out in the open", true);
  const draft = await write("Still a draft", false);

  // A curator hides one story and suspends the creator, from a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsCurator(staff);
  await curateViaApi(staff, `story/${hidden.id}/hide`);
  await curateViaApi(staff, `creator/${creator.id}/suspend`);
  await staffContext.close();

  const rowOf = (title: string) => page.getByTestId("studio-story").filter({ has: page.getByRole("heading", { name: title }) });
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/studio");
    await expect(page.getByTestId("curation-notice")).toHaveText(TEXT.suspendedStudio);
    // No link to the profile's page, which is a 404 now: the studio says it is off the site.
    await expect(page.getByRole("link", { name: "View your public page" })).toHaveCount(0);
    await expect(page.getByText("Your public page is off the site for now")).toBeVisible();
    // Published, but not public, and why; no View link to a 404.
    await expect(rowOf(live.title).getByText("Not public")).toBeVisible();
    await expect(rowOf(live.title).getByTestId("off-site-reason")).toHaveText(TEXT.offSiteSuspended);
    await expect(rowOf(live.title).getByRole("link", { name: `View ${live.title}` })).toHaveCount(0);
    await expect(rowOf(hidden.title).getByTestId("off-site-reason")).toHaveText(TEXT.offSiteHidden);
    await expect(rowOf(hidden.title).getByRole("link", { name: `View ${hidden.title}` })).toHaveCount(0);
    expect((await page.request.get(`/stories/${live.id}`)).status()).toBe(404);

    // Publish is refused: the server's words in the story's own row, the button keeping the focus.
    const publish = rowOf(draft.title).getByRole("button", { name: `Publish ${draft.title}` });
    await publish.click();
    await expect(rowOf(draft.title).getByRole("alert")).toHaveText(TEXT.suspendedRefusal);
    await expect(rowOf(draft.title).getByRole("alert")).toBeInViewport();
    await expect(publish).toBeFocused();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`studio-suspended-list-${viewport.width}.png`), fullPage: true });
  }

  // The editor of the published story: not public and why, no View story.
  await page.goto(`/studio/stories/${live.id}`);
  await expect(page.getByTestId("off-site-reason")).toHaveText(TEXT.offSiteSuspended);
  await expect(page.getByRole("link", { name: "View story" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("studio-suspended-editor-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("studio-suspended-editor-1280.png") });

  // Save profile: the server's refusal, not 'check your connection'.
  await page.goto("/studio/profile");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("alert")).toHaveText(TEXT.suspendedRefusal);
  await expect(page.getByText(/Check your connection/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("studio-suspended-profile-1280.png") });
});

test("the featured order changes with the keyboard alone, each move announced", async ({ page }) => {
  const creators = [await addCreator("Ada"), await addCreator("Bea"), await addCreator("Cy")];
  await signInAsCurator(page);
  for (const c of creators) await curateViaApi(page, `creator/${c.id}/feature`);
  try {
    await page.goto("/admin/curation?kind=creator&state=featured");
    const list = page.getByRole("list", { name: "Creators" });
    const names = () => list.getByRole("heading", { level: 2 }).allTextContents();
    await expect.poll(names).toEqual(creators.map((c) => c.name));

    // Tab to Ada's Move down, press Enter twice: she goes to the end, the focus with her.
    const ada = row(page, creators[0]!.name);
    await ada.getByRole("button", { name: "Move up" }).focus();
    await page.keyboard.press("Tab");
    await expect(ada.getByRole("button", { name: "Move down" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`“${creators[0]!.name}” moved to place 2 of 3.`)).toBeVisible();
    await expect.poll(names).toEqual([creators[1]!.name, creators[0]!.name, creators[2]!.name]);
    await expect(ada.getByRole("button", { name: "Move down" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`“${creators[0]!.name}” moved to place 3 of 3.`)).toBeVisible();
    await expect.poll(names).toEqual([creators[1]!.name, creators[2]!.name, creators[0]!.name]);
    await expect(ada.getByRole("button", { name: "Move down" })).toBeFocused();
    await expect(ada.getByRole("button", { name: "Move down" })).toHaveAttribute("aria-disabled", "true");
    await expect(ada.getByText("Featured #3")).toBeVisible();

    // The directory's first cards follow the order.
    const directory = await page.request.get("/api/creators?limit=3");
    expect(((await directory.json()) as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([creators[1]!.id, creators[2]!.id, creators[0]!.id]);
  } finally {
    for (const c of creators) await curateViaApi(page, `creator/${c.id}/unfeature`);
  }
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: the curation page's tabs, filters and rows (axe, screenshots)`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const creators = [await addCreator("Dee"), await addCreator("Eli")];
    await signInAsCurator(page);
    await curateViaApi(page, `creator/${creators[0]!.id}/feature`);
    await curateViaApi(page, `creator/${creators[1]!.id}/hide`);
    try {
      const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`curation-${name}-${viewport.width}.png`), fullPage: true });
      await page.goto("/admin/curation?kind=creator&q=Curio");
      await expect(row(page, creators[0]!.name).getByText("Featured #", { exact: false })).toBeVisible();
      await expect(row(page, creators[1]!.name).getByText("Hidden", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot("creators");

      await page.getByRole("link", { name: "Products" }).click();
      await expect(page).toHaveURL(/kind=product/);
      await expect(page.getByRole("list", { name: "Products" })).toBeVisible();
      await page.getByLabel("Show").selectOption("featured");
      await expect(page).toHaveURL(/state=featured/);
      await expect(page.getByRole("heading", { level: 2 }).or(page.getByText("No products are featured.", { exact: false })).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shot("products-featured");

      await page.goto("/admin/curation?kind=story");
      await expect(page.getByRole("list", { name: "Stories" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot("stories");

      await page.goto(`/admin/curation?kind=creator&q=${encodeURIComponent(creators[0]!.name)}`);
      await row(page, creators[0]!.name).getByRole("button", { name: "Suspend" }).click();
      await expect(page.getByRole("dialog", { name: "Suspend this creator?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`curation-suspend-dialog-${viewport.width}.png`) });
      await page.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await curateViaApi(page, `creator/${creators[0]!.id}/unfeature`);
    }
  });
}
