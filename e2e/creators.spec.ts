/**
 * The creators directory (/creators) and the creator application modal, against the real server
 * on the seeded database (src/server/db/seed/content.ts). Applications add creators to the shared
 * database while other tests run, so every test applies with its own name and email, and counts
 * are compared with the answer the page itself received, never with a fixed number of creators.
 */
import type { Locator, Page, Response } from "@playwright/test";
import { allowConsoleErrors, expect, expectNoAxeViolations, failRequests, holdRequests, openInApp, signUpViaApi, test, uniqueAccount } from "./fixtures";

interface ApiCreator {
  id: string;
  artist_name: string;
  bio: string;
  city: string;
  state: string;
  disciplines: string[];
  stories: { id: string; title: string }[];
  profile_image_url: string | null;
  portfolio_url: string | null;
  instagram: string | null;
  website: string | null;
}
interface ListPage {
  items: ApiCreator[];
  next_cursor: string | null;
  total: number | null;
}
interface Facets {
  disciplines: string[];
  cities: string[];
  stories: { id: string; title: string }[];
  total: number;
}

const APPLICATIONS = "**/api/creators/applications";
/** The spec's texts (§5, §8) and the form's own, exactly. */
const CREATOR_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  bioRequired: "Bio is required",
  bioTooLong: "Bio must be 200 words or less",
  cityRequired: "City is required",
  stateRequired: "State is required",
  disciplinesRequired: "Please select at least one art discipline",
  emailTaken: "A creator with this email already exists",
  cityUnknown: "Please choose a city from the list for the selected state",
  websiteInvalid: "Website must be a link starting with http:// or https://",
  imageUrlInvalid: "Profile image URL must be a link starting with http:// or https://",
};
const TEXT = {
  empty: "No creators yet. Be the first to join!",
  viewAll: "View All Creators",
  invite: "Ready to Create with Us?",
  defaultBio: "Creative artist exploring new forms of expression.",
  subtitle: "Join the party, maybe?",
  fromAccount: "Email automatically filled from your account",
  general: "There was an error submitting your application. Please try again.",
  success: "SUCCESS! Welcome to the MAYBE creator community",
  approved: "Congratulations! You've been approved as a MAYBE Creator and can now start sharing your stories.",
};

// ------------------------------------------------------------------------------------ helpers

/** The first page of a directory list (not the facets, not a later page). */
function isFirstListPage(response: Response, params: Record<string, string> = {}) {
  const url = new URL(response.url());
  if (url.pathname !== "/api/creators" || url.searchParams.has("cursor")) return false;
  return Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
}

async function listFrom(response: Promise<Response>): Promise<ListPage> {
  return (await (await response).json()) as ListPage;
}

/** A read the page arrived with: rendered by the server, it carries its data in its hydration state (docs/decisions/0022). */
async function renderedWith<T>(page: Page, kind: "list" | "facets"): Promise<{ filters: Record<string, string | undefined>; data: T }> {
  const state = JSON.parse((await page.locator("#ssr-state").textContent())!) as {
    queries: { queries: { queryKey: unknown[]; state: { data?: T } }[] };
  };
  const found = state.queries.queries.filter(({ queryKey: [root, what] }) => root === "creators" && what === kind);
  expect(found).toHaveLength(1);
  return { filters: (found[0]!.queryKey[2] ?? {}) as Record<string, string | undefined>, data: found[0]!.state.data! };
}

/** Opens a directory URL and returns the first page of creators the page received. */
async function openDirectory(page: Page, path = "/creators", params: Record<string, string> = {}) {
  await page.goto(path);
  await expect(status(page)).not.toHaveText(/Loading|Searching/);
  const { filters, data } = await renderedWith<{ pages: ListPage[] }>(page, "list");
  for (const [key, value] of Object.entries(params)) expect(filters[key], key).toBe(value);
  return data.pages[0]!;
}

const status = (page: Page) => page.getByTestId("creators-status");
const cards = (page: Page) => page.getByTestId("creator-card");
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const typeBadge = (page: Page, name: string) =>
  page.getByRole("group", { name: "Art Type" }).getByRole("button", { name, exact: true });
const applicationDialog = (page: Page) => page.getByRole("dialog", { name: "CREATOR APPLICATION" });
const applyNow = (page: Page) => page.getByRole("button", { name: "Apply Now" });

function plural(n: number, word: "found" | "total") {
  return `${n} ${n === 1 ? "creator" : "creators"} ${word}`;
}

let applicants = 0;
/** A name and email nobody else in this run uses. Names are stored capitalised ('Tester…'). */
function uniqueApplicant() {
  applicants += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${applicants}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return {
    first_name: "Quinn",
    last_name: `Tester${id}`,
    email: `applicant.${id}@example.com`,
    artist_name: `Quinn Tester${id}`,
  };
}

async function fillApplication(dialog: Locator, a: { first_name: string; last_name: string; email?: string }) {
  await dialog.getByLabel("First name").fill(a.first_name);
  await dialog.getByLabel("Last name").fill(a.last_name);
  if (a.email) await dialog.getByLabel("Email").fill(a.email);
  await dialog.getByLabel("State").selectOption("IL");
  await dialog.getByLabel("City").selectOption("Chicago");
  await dialog.getByLabel("Bio").fill("I make loud posters and quiet songs.");
  await dialog.getByRole("button", { name: "music", exact: true }).click();
}

async function openApplication(page: Page) {
  await applyNow(page).click();
  const dialog = applicationDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeFocused();
  return dialog;
}

function errorOf(dialog: Locator, message: string) {
  return dialog.getByText(message, { exact: true });
}

// ------------------------------------------------------------------------------- directory

test.describe("creators directory", () => {
  test("hero, one h1, the cards newest first and 'N creators total' from the directory's own count", async ({ page }) => {
    const list = await openDirectory(page);
    await expect(page).toHaveTitle("Creators · MAYBE");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: "Creators" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search creators..." })).toBeVisible();
    await expect(page.getByRole("button", { name: "More Filters" })).toHaveAttribute("aria-expanded", "false");

    expect(list.total).toBeGreaterThanOrEqual(16);
    await expect(status(page)).toHaveText(plural(list.total!, "total"));
    await expect(cards(page)).toHaveCount(list.items.length);
    await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText(list.items.map((c) => c.artist_name));
  });

  test("shows 'Loading creators...' while the list loads, and an empty directory when loading fails", async ({ page }) => {
    allowConsoleErrors(page, /status of 500\b/, /failed to load ApiError: boom/); // the reads this test fails on purpose
    const held = await holdRequests(page, /\/api\/creators\?/);
    // Inside the app: opened directly, the page arrives rendered with its list.
    await openInApp(page, "/creators");
    await held.requested;
    await expect(status(page)).toHaveText("Loading creators...");
    held.release();
    await expect(status(page)).toHaveText(/creators total$/);

    await page.unrouteAll();
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.route(
      (url) => url.pathname.startsWith("/api/creators"),
      (route) => route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await openInApp(page, "/creators");
    await expect(page.getByText(TEXT.empty)).toBeVisible();
    await expect(status(page)).toHaveText("0 creators total");
    await expect(cards(page)).toHaveCount(0);
    // The filters fall back to All Types and Other.
    await expect(page.getByRole("group", { name: "Art Type" }).getByRole("button")).toHaveText(["All Types", "other"]);
    expect(logged.some((text) => text.includes("creators failed to load"))).toBe(true);
  });

  test("says '1 creator total' for one creator", async ({ page }) => {
    const one = await openDirectory(page);
    await page.route(
      (url) => url.pathname === "/api/creators",
      (route) => route.fulfill({ json: { items: one.items.slice(0, 1), next_cursor: null, total: 1 } }),
    );
    await openInApp(page, "/creators");
    await expect(status(page)).toHaveText("1 creator total");
    await expect(cards(page)).toHaveCount(1);
  });

  test("Load more follows the cursor", async ({ page }) => {
    const first = await openDirectory(page);
    expect(first.next_cursor).not.toBeNull();
    const next = page.waitForResponse((r) => new URL(r.url()).searchParams.get("cursor") === first.next_cursor);
    await page.getByRole("button", { name: "Load more" }).click();
    const second = await listFrom(next);
    await expect(cards(page)).toHaveCount(first.items.length + second.items.length);
    // The count stays the first page's.
    await expect(status(page)).toHaveText(plural(first.total!, "total"));
  });

  test("Art Type badges: All Types, the disciplines present and Other; a badge filters, in the URL", async ({ page }) => {
    await openDirectory(page);
    const { data: facets } = await renderedWith<Facets>(page, "facets");
    const present = facets.disciplines.includes("other") ? facets.disciplines : [...facets.disciplines, "other"];
    await expect(page.getByRole("group", { name: "Art Type" }).getByRole("button")).toHaveText([
      "All Types",
      ...present.map((d) => d.replace(/_/g, " ")),
    ]);
    await expect(typeBadge(page, "All Types")).toHaveAttribute("aria-pressed", "true");

    const filtered = page.waitForResponse((r) => isFirstListPage(r, { discipline: "visual_art" }));
    await typeBadge(page, "visual art").click();
    const list = await listFrom(filtered);
    await expect(page).toHaveURL(/\/creators\?type=visual_art$/);
    await expect(typeBadge(page, "visual art")).toHaveAttribute("aria-pressed", "true");
    await expect(typeBadge(page, "All Types")).toHaveAttribute("aria-pressed", "false");
    await expect(status(page)).toHaveText(plural(list.total!, "found"));
    await expect(cards(page)).toHaveCount(list.items.length);
    for (const c of await cards(page).all()) {
      await expect(c.getByRole("list", { name: "Art disciplines" })).toContainText("visual art");
    }

    // The URL survives a reload.
    const again = await openDirectory(page, page.url(), { discipline: "visual_art" });
    expect(again.total).toBe(list.total);
    await expect(typeBadge(page, "visual art")).toHaveAttribute("aria-pressed", "true");
    await expect(status(page)).toHaveText(plural(again.total!, "found"));

    // All Types lifts it.
    await typeBadge(page, "All Types").click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(status(page)).toHaveText(/creators total$/);
  });

  test("an unknown type in the URL shows All Types", async ({ page }) => {
    await openDirectory(page, "/creators?type=sculpture");
    await expect(typeBadge(page, "All Types")).toHaveAttribute("aria-pressed", "true");
    await expect(status(page)).toHaveText(/creators total$/);
  });

  test("search matches names, bios and cities; the text goes to the URL and survives a reload", async ({ page }) => {
    await openDirectory(page);
    const box = page.getByRole("searchbox", { name: "Search creators..." });
    const searched = page.waitForResponse((r) => isFirstListPage(r, { q: "sourdough" }));
    await box.fill("sourdough");
    const list = await listFrom(searched);
    await expect(page).toHaveURL(/\/creators\?q=sourdough$/);
    await expect(status(page)).toHaveText(plural(list.total!, "found"));
    await expect(card(page, "Lena Hart")).toBeVisible();

    await openDirectory(page, page.url(), { q: "sourdough" });
    await expect(box).toHaveValue("sourdough");
    await expect(card(page, "Lena Hart")).toBeVisible();
    await expect(status(page)).toHaveText(plural(list.total!, "found"));

    // A city is searched too.
    const byCity = page.waitForResponse((r) => isFirstListPage(r, { q: "Pittsburgh" }));
    await box.fill("Pittsburgh");
    await listFrom(byCity);
    await expect(card(page, "Nora Quinn")).toBeVisible();

    // Emptying the box lifts the filter.
    await box.fill("");
    await expect(page).toHaveURL(/\/creators$/);
    await expect(status(page)).toHaveText(/creators total$/);
  });

  test("City and Featured In Stories combine; Clear All Filters resets the filters and the URL", async ({ page }) => {
    await openDirectory(page);
    const toggle = page.getByRole("button", { name: "More Filters" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Less Filters" })).toHaveAttribute("aria-expanded", "true");
    const city = page.getByLabel("City");
    const story = page.getByLabel("Featured In Stories", { exact: true });
    await expect(city.locator("option").first()).toHaveText("All Cities");
    await expect(story.locator("option").first()).toHaveText("All Stories");

    let next = page.waitForResponse((r) => isFirstListPage(r, { story: "story-hand-me-down-denim" }));
    await story.selectOption({ label: "Hand-Me-Down Denim" });
    let list = await listFrom(next);
    await expect(status(page)).toHaveText(plural(list.total!, "found"));
    expect(list.items.map((c) => c.artist_name).sort()).toEqual(["Ada Nwosu", "Priya Natarajan"]);
    await expect(status(page)).toHaveText("2 creators found");

    next = page.waitForResponse((r) => isFirstListPage(r, { story: "story-hand-me-down-denim", city: "Atlanta" }));
    await city.selectOption("Atlanta");
    list = await listFrom(next);
    await expect(status(page)).toHaveText("1 creator found");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Ada Nwosu")).toBeVisible();
    await expect(page).toHaveURL(/\/creators\?story=story-hand-me-down-denim&city=Atlanta$/);

    // A shared link opens with the same filters showing.
    await openDirectory(page, page.url(), { city: "Atlanta" });
    await expect(page.getByRole("button", { name: "Less Filters" })).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Atlanta");
    await expect(page.getByLabel("Featured In Stories", { exact: true })).toHaveValue("story-hand-me-down-denim");
    await expect(status(page)).toHaveText("1 creator found");

    // Collapsed, the toggle says how many hidden filters are on.
    await page.getByRole("button", { name: "Less Filters" }).click();
    const collapsed = page.getByRole("button", { name: /^More Filters\s*2 active$/ });
    await expect(collapsed).toBeVisible();
    await collapsed.click();

    await page.getByRole("searchbox", { name: "Search creators..." }).fill("denim");
    await expect(page).toHaveURL(/q=denim/);
    await page.getByRole("button", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(page.getByRole("searchbox", { name: "Search creators..." })).toHaveValue("");
    await expect(page.getByLabel("City")).toHaveValue("");
    await expect(page.getByLabel("Featured In Stories", { exact: true })).toHaveValue("");
    await expect(status(page)).toHaveText(/creators total$/);
    await expect(page.getByRole("button", { name: "Clear All Filters" })).toBeDisabled();
  });

  test("empty results say 'No creators yet. Be the first to join!', with View All Creators when a type is set", async ({ page }) => {
    await openDirectory(page, "/creators?q=zzqxnothing");
    await expect(page.getByText(TEXT.empty)).toBeVisible();
    await expect(status(page)).toHaveText("0 creators found");
    await expect(page.getByRole("button", { name: TEXT.viewAll })).toHaveCount(0);

    await openDirectory(page, "/creators?type=culinary&q=zzqxnothing", { discipline: "culinary" });
    await expect(page.getByText(TEXT.empty)).toBeVisible();
    await page.getByRole("button", { name: TEXT.viewAll }).click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(typeBadge(page, "All Types")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("searchbox", { name: "Search creators..." })).toHaveValue("");
    await expect(status(page)).toHaveText(/creators total$/);
  });

  test("a card shows the avatar, name, place, pills with spaces, bio, two stories then '+N more', and its links", async ({ page }) => {
    const list = await openDirectory(page, "/creators?q=Maya+Lopez", { q: "Maya Lopez" });
    const maya = list.items.find((c) => c.artist_name === "Maya Lopez")!;
    const c = card(page, "Maya Lopez");
    await expect(c.getByTestId("creator-avatar").locator("img")).toHaveAttribute("src", maya.profile_image_url!);
    await expect(c.getByText("Chicago, IL")).toBeVisible();
    await expect(c.getByRole("list", { name: "Art disciplines" }).getByRole("listitem")).toHaveText(["visual art", "design"]);
    await expect(c.getByText(maya.bio)).toBeVisible();
    // The spec's four sample stories and the one she published.
    expect(maya.stories.length).toBe(5);
    await expect(c.getByRole("list", { name: "Featured in stories" }).getByRole("listitem")).toHaveText([
      maya.stories[0]!.title,
      maya.stories[1]!.title,
      "+3 more",
    ]);

    const portfolio = c.getByRole("link", { name: /^Portfolio/ });
    await expect(portfolio).toHaveAttribute("href", maya.portfolio_url!);
    const instagram = c.getByRole("link", { name: /^@maya\.paints\.walls/ });
    await expect(instagram).toHaveText(/@maya\.paints\.walls/);
    await expect(instagram).toHaveAttribute("href", "https://instagram.com/maya.paints.walls");
    for (const link of [portfolio, instagram]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    // The portfolio is the website (spec §3): one button, not two to the same page.
    await expect(c.locator("a[data-link]")).toHaveCount(2);
    // The name and the Featured In tags lead to the creator's page.
    await expect(c.getByRole("link", { name: "Maya Lopez", exact: true })).toHaveAttribute("href", `/creators/${maya.id}`);
    await expect(c.getByRole("link", { name: maya.stories[0]!.title })).toHaveAttribute("href", `/creators/${maya.id}#featured-in`);
  });

  test("a card without a bio, stories, picture or links shows the defaults; a picture that fails shows the letter", async ({ page }) => {
    allowConsoleErrors(page, /status of 404\b/); // the picture this test makes fail
    await page.route("**/media/creators/june_okafor.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await openDirectory(page, "/creators?q=Hana+Kimura", { q: "Hana Kimura" });
    const hana = card(page, "Hana Kimura");
    await expect(hana.getByText(TEXT.defaultBio)).toBeVisible();
    await expect(hana.getByText("Featured In")).toHaveCount(0);
    await expect(hana.locator("a[data-link]")).toHaveText([/@hana\.film/]);

    await openDirectory(page, "/creators?q=Oscar+Lindqvist", { q: "Oscar Lindqvist" });
    const oscar = card(page, "Oscar Lindqvist");
    await expect(oscar.getByTestId("creator-avatar")).toHaveText("O");
    await expect(oscar.locator("a[data-link]")).toHaveCount(0);

    await openDirectory(page, "/creators?q=June+Okafor", { q: "June Okafor" });
    const june = card(page, "June Okafor");
    await expect(june.getByTestId("creator-avatar")).toHaveText("J");
    await expect(june.getByTestId("creator-avatar").locator("img")).toHaveCount(0);
  });

  test("the favorite toggle shows '{artist} added to favorites!' for 2.5 s, and the removal too", async ({ page }) => {
    await page.clock.install();
    await openDirectory(page, "/creators?q=Nora+Quinn", { q: "Nora Quinn" });
    const heart = card(page, "Nora Quinn").getByRole("button", { name: "Like Nora Quinn" });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    const added = page.getByRole("status").filter({ hasText: "Nora Quinn added to favorites!" });
    await expect(added).toBeVisible();
    await page.clock.runFor(2400);
    await expect(added).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByText("Nora Quinn added to favorites!")).toBeHidden();

    // A visitor's like is kept in the browser, so it is still there after a reload.
    await page.clock.resume();
    await page.reload();
    await expect(card(page, "Nora Quinn").getByRole("button", { name: "Like Nora Quinn" })).toHaveAttribute("aria-pressed", "true");
    await card(page, "Nora Quinn").getByRole("button", { name: "Like Nora Quinn" }).click();
    await expect(page.getByText("Nora Quinn removed from favorites!")).toBeVisible();
    await expect(card(page, "Nora Quinn").getByRole("button", { name: "Like Nora Quinn" })).toHaveAttribute("aria-pressed", "false");
  });

  test("a signed-in user's creator like is saved with the account", async ({ page }) => {
    await signUpViaApi(page);
    await openDirectory(page, "/creators?q=Billie+Sato", { q: "Billie Sato" });
    await card(page, "Billie Sato").getByRole("button", { name: "Like Billie Sato" }).click();
    await expect(page.getByText("Billie Sato added to favorites!")).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get("/api/me/favorites")).json()) as { creators: string[] }).creators)
      .toEqual(["billie_sato"]);
  });

  test("visitors and signed-in non-creators are invited to apply; creators are not", async ({ page }) => {
    await openDirectory(page);
    await expect(page.getByRole("heading", { name: TEXT.invite })).toBeVisible();
    await expect(applyNow(page)).toBeVisible();

    const account = await signUpViaApi(page, uniqueAccount("apply"));
    await openDirectory(page);
    await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
    await expect(page.getByRole("heading", { name: TEXT.invite })).toBeVisible();

    // The account becomes a creator (applying with its own email).
    const baseURL = test.info().project.use.baseURL!;
    const res = await page.request.post("/api/creators/applications", {
      headers: { origin: new URL(baseURL).origin },
      data: {
        first_name: "Apply",
        last_name: `Owner${uniqueApplicant().last_name}`,
        email: account.email,
        bio: "Already in.",
        state: "TX",
        city: "Austin",
        art_type: ["writing"],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await openDirectory(page);
    await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
    await expect(page.getByRole("heading", { name: TEXT.invite })).toHaveCount(0);
    await expect(applyNow(page)).toHaveCount(0);
  });

  test("has no axe violations, with the filters open and filtered", async ({ page }) => {
    test.slow(); // axe over a page of cards, three times
    await openDirectory(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "More Filters" }).click();
    await typeBadge(page, "music").click();
    await expect(status(page)).toHaveText(/found$/);
    await expectNoAxeViolations(page);
    await openDirectory(page, "/creators?type=culinary&q=zzqxnothing", { discipline: "culinary" });
    await expect(page.getByText(TEXT.empty)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// ----------------------------------------------------------------------- application modal

test.describe("creator application modal", () => {
  test("title, subtitle, the three sections and their fields", async ({ page }) => {
    await openDirectory(page);
    const dialog = await openApplication(page);
    await expect(dialog.getByRole("heading", { name: "CREATOR APPLICATION" })).toBeVisible();
    await expect(dialog.getByText(TEXT.subtitle, { exact: true })).toBeVisible();
    await expect(dialog.locator("legend")).toHaveText(["Personal Information", "Artist Information", "Optional Information"]);
    for (const label of ["First name", "Last name", "Email", "State", "City", "Bio", "Instagram handle", "Website URL", "Profile image URL"]) {
      await expect(dialog.getByLabel(label)).toBeVisible();
    }
    await expect(dialog.getByLabel("Website URL")).toHaveAttribute("type", "url");
    await expect(dialog.getByLabel("Profile image URL")).toHaveAttribute("type", "url");
    await expect(dialog.getByLabel("Email")).not.toHaveAttribute("readonly");
    await expect(dialog.getByText(TEXT.fromAccount)).toHaveCount(0);
    const grid = dialog.getByRole("group", { name: "Art Disciplines (choose one or more)" });
    await expect(grid.getByRole("button")).toHaveText([
      "writing",
      "music",
      "visual art",
      "design",
      "photography",
      "film",
      "fashion",
      "culinary",
      "other",
    ]);
    // Choosing a discipline toggles it.
    const music = grid.getByRole("button", { name: "music" });
    await music.click();
    await expect(music).toHaveAttribute("aria-pressed", "true");
    await music.click();
    await expect(music).toHaveAttribute("aria-pressed", "false");
    await expect(dialog.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  test("the city waits for a state, lists that state's cities, and empties when the state changes", async ({ page }) => {
    await openDirectory(page);
    const dialog = await openApplication(page);
    const state = dialog.getByLabel("State");
    const city = dialog.getByLabel("City");
    await expect(city).toBeDisabled();
    await expect(city.locator("option")).toHaveText(["Select a state first"]);
    await expect(state.locator("option")).toHaveCount(51);
    await expect(state.locator("option").nth(1)).toHaveText("AL - Alabama");

    await state.selectOption({ label: "IL - Illinois" });
    await expect(city).toBeEnabled();
    await expect(city.locator("option").first()).toHaveText("Select a city");
    await expect(city.locator("option", { hasText: "Chicago" })).toHaveCount(1);
    await city.selectOption("Chicago");
    await expect(city).toHaveValue("Chicago");

    await state.selectOption({ label: "CA - California" });
    await expect(city).toHaveValue("");
    await expect(city.locator("option", { hasText: "Chicago" })).toHaveCount(0);
    await expect(city.locator("option", { hasText: "Los Angeles" })).toHaveCount(1);

    await state.selectOption("");
    await expect(city).toBeDisabled();
    await expect(city.locator("option")).toHaveText(["Select a state first"]);
  });

  test("every rule's message shows on submit, inline; editing a field clears only its own", async ({ page }) => {
    let posted = 0;
    await page.route(APPLICATIONS, (route) => {
      posted += 1;
      return route.continue();
    });
    await openDirectory(page);
    const dialog = await openApplication(page);
    const submit = dialog.getByRole("button", { name: "Submit Application" });
    await submit.click();
    const required = [
      CREATOR_MESSAGES.firstNameRequired,
      CREATOR_MESSAGES.lastNameRequired,
      CREATOR_MESSAGES.emailRequired,
      CREATOR_MESSAGES.stateRequired,
      CREATOR_MESSAGES.cityRequired,
      CREATOR_MESSAGES.bioRequired,
      CREATOR_MESSAGES.disciplinesRequired,
    ];
    for (const message of required) await expect(errorOf(dialog, message)).toBeVisible();
    await expect(dialog.getByLabel("First name")).toBeFocused();
    await expect(dialog.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

    // Each edit clears its own message only.
    await dialog.getByLabel("First name").fill("Quinn");
    await expect(errorOf(dialog, CREATOR_MESSAGES.firstNameRequired)).toHaveCount(0);
    await expect(errorOf(dialog, CREATOR_MESSAGES.lastNameRequired)).toBeVisible();
    await dialog.getByLabel("Last name").fill("Tester");
    await expect(errorOf(dialog, CREATOR_MESSAGES.lastNameRequired)).toHaveCount(0);
    await dialog.getByLabel("Email").fill("quinn@example.c");
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailRequired)).toHaveCount(0);
    // Choosing a state empties the city, and its message goes with it.
    await dialog.getByLabel("State").selectOption("IL");
    await expect(errorOf(dialog, CREATOR_MESSAGES.stateRequired)).toHaveCount(0);
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityRequired)).toHaveCount(0);
    await expect(errorOf(dialog, CREATOR_MESSAGES.bioRequired)).toBeVisible();
    await dialog.getByLabel("Bio").fill(Array.from({ length: 201 }, (_, i) => `word${i}`).join(" "));
    await expect(errorOf(dialog, CREATOR_MESSAGES.bioRequired)).toHaveCount(0);
    await expect(dialog.getByText("201 / 200 words")).toBeVisible();
    await dialog.getByRole("button", { name: "film", exact: true }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.disciplinesRequired)).toHaveCount(0);

    // The next submit checks the rest: a one-letter TLD, 201 words, the city still missing.
    await submit.click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailInvalid)).toBeVisible();
    await expect(errorOf(dialog, CREATOR_MESSAGES.bioTooLong)).toBeVisible();
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityRequired)).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();

    await dialog.getByLabel("Email").fill("quinn@example");
    await submit.click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailInvalid)).toBeVisible();
    await dialog.getByLabel("Email").fill("quinn@example.co");
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailInvalid)).toHaveCount(0);
    await dialog.getByLabel("Bio").fill(Array.from({ length: 200 }, (_, i) => `word${i}`).join(" "));
    await expect(errorOf(dialog, CREATOR_MESSAGES.bioTooLong)).toHaveCount(0);
    await dialog.getByLabel("City").selectOption("Chicago");
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityRequired)).toHaveCount(0);

    // Optional links are checked when given.
    await dialog.getByLabel("Website URL").fill("ftp://example.com");
    await dialog.getByLabel("Profile image URL").fill("javascript:alert(1)");
    await submit.click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.websiteInvalid)).toBeVisible();
    await expect(errorOf(dialog, CREATOR_MESSAGES.imageUrlInvalid)).toBeVisible();
    // Nothing was sent while any rule failed.
    expect(posted).toBe(0);
  });

  test("changing the state clears the city's message with the city", async ({ page }) => {
    await openDirectory(page);
    const dialog = await openApplication(page);
    await dialog.getByLabel("State").selectOption("IL");
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityRequired)).toBeVisible();
    await dialog.getByLabel("State").selectOption("CA");
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityRequired)).toHaveCount(0);
    await expect(dialog.getByLabel("City")).toHaveValue("");
  });

  test("'Submitting...' with every field disabled while the application is sent; then the success view", async ({ page }) => {
    await openDirectory(page);
    const dialog = await openApplication(page);
    const applicant = uniqueApplicant();
    await fillApplication(dialog, applicant);
    const held = await holdRequests(page, APPLICATIONS);
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await held.requested;
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    for (const label of ["First name", "Last name", "Email", "State", "City", "Bio", "Instagram handle", "Website URL", "Profile image URL"]) {
      await expect(dialog.getByLabel(label)).toBeDisabled();
    }
    await expect(dialog.getByRole("button", { name: "music", exact: true })).toBeDisabled();
    // It cannot be closed half way.
    await expect(dialog.getByRole("button", { name: "Close" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    held.release();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
    await expect(dialog.getByText(TEXT.approved)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Get Started" })).toBeFocused();
  });

  test("a failed submit shows the general error above the form and keeps everything entered", async ({ page }) => {
    allowConsoleErrors(page, /ERR_CONNECTION_REFUSED/); // the connection this test drops
    await openDirectory(page);
    const dialog = await openApplication(page);
    const applicant = uniqueApplicant();
    await fillApplication(dialog, applicant);
    await dialog.getByLabel("Instagram handle").fill("@quinn.sounds");
    await dialog.getByLabel("Website URL").fill("https://example.com/quinn");
    await failRequests(page, APPLICATIONS, 500, { code: "INTERNAL", message: "Something went wrong on our side." });
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(TEXT.general);

    // Still editable, nothing lost.
    await expect(dialog.getByLabel("First name")).toBeEditable();
    await expect(dialog.getByLabel("First name")).toHaveValue(applicant.first_name);
    await expect(dialog.getByLabel("Last name")).toHaveValue(applicant.last_name);
    await expect(dialog.getByLabel("Email")).toHaveValue(applicant.email);
    await expect(dialog.getByLabel("State")).toHaveValue("IL");
    await expect(dialog.getByLabel("City")).toHaveValue("Chicago");
    await expect(dialog.getByLabel("Bio")).toHaveValue("I make loud posters and quiet songs.");
    await expect(dialog.getByRole("button", { name: "music", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByLabel("Instagram handle")).toHaveValue("@quinn.sounds");
    await expect(dialog.getByLabel("Website URL")).toHaveValue("https://example.com/quinn");

    // A lost connection reads the same.
    await page.unrouteAll();
    await page.route(APPLICATIONS, (route) => route.abort("connectionrefused"));
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(TEXT.general);

    // Trying again works.
    await page.unrouteAll();
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
  });

  test("the server's field messages land on their fields: a taken email, a city off the list", async ({ page }) => {
    await openDirectory(page);
    const dialog = await openApplication(page);
    const applicant = uniqueApplicant();
    // A seeded creator's address: the real server answers 409 EMAIL_TAKEN.
    await fillApplication(dialog, { ...applicant, email: "maya.lopez@example.com" });
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailTaken)).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await dialog.getByLabel("Email").fill(applicant.email);
    await expect(errorOf(dialog, CREATOR_MESSAGES.emailTaken)).toHaveCount(0);

    await failRequests(page, APPLICATIONS, 400, {
      code: "VALIDATION_FAILED",
      message: "Please check the form.",
      fields: { city: CREATOR_MESSAGES.cityUnknown },
    });
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityUnknown)).toBeVisible();
    await expect(dialog.getByLabel("City")).toBeFocused();
    await dialog.getByLabel("City").selectOption("Evanston");
    await expect(errorOf(dialog, CREATOR_MESSAGES.cityUnknown)).toHaveCount(0);
  });

  test("Get Started closes, resets and goes to /creators after 100 ms, where the new creator is listed", async ({ page }) => {
    await page.clock.install();
    await openDirectory(page, "/creators?type=culinary", { discipline: "culinary" });
    const dialog = await openApplication(page);
    const applicant = uniqueApplicant();
    await fillApplication(dialog, applicant);
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const listed = page.waitForResponse((r) => isFirstListPage(r) && !new URL(r.url()).searchParams.has("discipline"));
    await dialog.getByRole("button", { name: "Get Started" }).click();
    await expect(dialog).toBeHidden();
    await page.clock.runFor(99);
    await expect(page).toHaveURL(/\/creators\?type=culinary$/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/creators$/);
    // The query cache answers through timers: let time run again.
    await page.clock.resume();
    const list = await listFrom(listed);
    expect(list.items.map((c) => c.artist_name)).toContain(applicant.artist_name);
    const mine = card(page, applicant.artist_name);
    await expect(mine).toBeVisible();
    await expect(mine.getByText("Chicago, IL")).toBeVisible();
    await expect(mine.getByRole("list", { name: "Art disciplines" })).toHaveText("music");
    await expect(mine.getByTestId("creator-avatar")).toHaveText("Q");

    // A visitor is still invited; the form opens empty again.
    const again = await openApplication(page);
    await expect(again.getByLabel("First name")).toHaveValue("");
    await expect(again.getByLabel("Bio")).toHaveValue("");
    await expect(again.getByRole("button", { name: "Submit Application" })).toBeVisible();
  });

  test("a signed-in applicant's email is read-only and filled in; after Close, Apply Now is gone", async ({ page }) => {
    const account = await signUpViaApi(page, uniqueAccount("maker"));
    await openDirectory(page);
    const dialog = await openApplication(page);
    const email = dialog.getByLabel("Email");
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expect(dialog.getByText(TEXT.fromAccount)).toBeVisible();
    await expect(email).toHaveAccessibleDescription(TEXT.fromAccount);

    const applicant = uniqueApplicant();
    await fillApplication(dialog, { first_name: applicant.first_name, last_name: applicant.last_name });
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(card(page, applicant.artist_name)).toBeVisible();
    await expect(applyNow(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: TEXT.invite })).toHaveCount(0);
    const me = (await (await page.request.get("/api/me")).json()) as { creator: boolean; creator_id: string };
    expect(me.creator).toBe(true);
  });

  test("the footer's Become a Creator opens the modal on another page; closing the form stays and resets it", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Become a Creator" }).click();
    const dialog = applicationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("First name")).toBeFocused();
    await dialog.getByLabel("First name").fill("Half");
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.lastNameRequired)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
    await expect(footer.getByRole("button", { name: "Become a Creator" })).toBeFocused();

    await footer.getByRole("button", { name: "Become a Creator" }).click();
    await expect(dialog.getByLabel("First name")).toHaveValue("");
    await expect(errorOf(dialog, CREATOR_MESSAGES.lastNameRequired)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("the Close button on the success view goes to /creators from another page", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("button", { name: "Become a Creator" }).click();
    const dialog = applicationDialog(page);
    const applicant = uniqueApplicant();
    await fillApplication(dialog, applicant);
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/creators$/);
    await expect(card(page, applicant.artist_name)).toBeVisible();
  });

  test("can be completed with the keyboard alone", async ({ page }) => {
    await openDirectory(page);
    await applyNow(page).focus();
    await page.keyboard.press("Enter");
    const dialog = applicationDialog(page);
    await expect(dialog.getByLabel("First name")).toBeFocused();
    const applicant = uniqueApplicant();

    await page.keyboard.type(applicant.first_name);
    await page.keyboard.press("Tab");
    await page.keyboard.type(applicant.last_name);
    await page.keyboard.press("Tab");
    await page.keyboard.type(applicant.email);
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("State")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByLabel("State")).toHaveValue("AL");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("City")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByLabel("City")).toHaveValue("Auburn");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Bio")).toBeFocused();
    await page.keyboard.type("Keys only, all the way down.");
    await page.keyboard.press("Tab");
    const writing = dialog.getByRole("button", { name: "writing", exact: true });
    await expect(writing).toBeFocused();
    await page.keyboard.press("Space");
    await expect(writing).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // music
    await expect(dialog.getByRole("button", { name: "music", exact: true })).toHaveAttribute("aria-pressed", "true");
    for (let i = 0; i < 8; i += 1) await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Instagram handle")).toBeFocused();
    await page.keyboard.type("keys.only");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Submit Application" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Get Started" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const mine = card(page, applicant.artist_name);
    await expect(mine).toBeVisible();
    await expect(mine.getByRole("list", { name: "Art disciplines" }).getByRole("listitem")).toHaveText(["writing", "music"]);
    await expect(mine.getByRole("link", { name: /^@keys\.only/ })).toHaveAttribute("href", "https://instagram.com/keys.only");
  });

  test("has no axe violations: the form, its messages and the success view", async ({ page }) => {
    test.slow(); // axe four times
    await openDirectory(page);
    const dialog = await openApplication(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(errorOf(dialog, CREATOR_MESSAGES.firstNameRequired)).toBeVisible();
    await expectNoAxeViolations(page);

    await fillApplication(dialog, uniqueApplicant());
    await failRequests(page, APPLICATIONS, 500, { code: "INTERNAL", message: "x" });
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(TEXT.general);
    await expectNoAxeViolations(page);

    await page.unrouteAll();
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: TEXT.success })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
