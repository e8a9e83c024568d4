/**
 * Taps and typing on a server-rendered page before the app has hydrated it (issue 29, item 2;
 * docs/decisions/0022 'Early input is replayed'). Each try is a fresh page load with the CPU slowed
 * 4x (Lighthouse's mobile profile) that taps or types as soon as the control can be seen, without
 * waiting for the app, and then waits for the effect: nothing may be lost. Every other try holds
 * the app back until the input is made (see tryEarly); a tap that happens to land after hydration
 * must work just the same, so no assertion depends on when it landed. How many landed early is
 * noted on each test (annotation 'early input').
 *
 * Two tries per control, one held and one free, fourteen in all: a try is a page load at 4x,
 * several seconds on the shared CI machine, and more per control made this file a tenth of the
 * browser stage.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, signUpViaApi, test, watchConsole } from "./fixtures";

/**
 * The effect waits for the app: at 4x on a busy machine, loading it, hydrating and fetching what
 * the control opens (the application form's chunk) took over 7 s, the default.
 */
const appExpect = expect.configure({ timeout: 30_000 });

/** The first story card's heart: the first to have entered (cards enter 0.1 s apart). */
const firstHeart = (page: Page) => page.getByRole("article").first().getByRole("button", { name: /^Like / });
/**
 * Waits until the page has shown the notice a heart's like brings ('<title> added to favorites!',
 * the title from the heart's label 'Like <title>'). Read from what the page noted (slowPage), not
 * from the screen: the notice stays 2.5 s, which a slowed, busy page might let pass between two
 * looks.
 */
async function expectLikedNotice(page: Page, heart: Locator) {
  const title = (await heart.getAttribute("aria-label"))!.slice("Like ".length);
  await appExpect.poll(() => page.evaluate(() => window.__notices)).toContain(`${title} added to favorites!`);
}

declare global {
  interface Window {
    /** Whether the page's first tap or key press met a page React had not hydrated yet. */
    __inputBeforeApp?: boolean;
    /** Every text the page's notices (role="status") have shown. */
    __notices: string[];
  }
}

/**
 * A page of its own in `context` with the CPU slowed 4x, watched for console errors, noting
 * whether its first input came before hydration (the fixtures' `waitForApp` condition, read at the
 * moment of the input) and which notices it showed.
 */
async function slowPage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const { messages } = await watchConsole(page);
  await page.addInitScript(() => {
    const note = () => {
      if (window.__inputBeforeApp !== undefined) return;
      const root = document.getElementById("root");
      const outermost = root ? [...root.children].find((element) => element.tagName !== "LINK") : undefined;
      window.__inputBeforeApp = !outermost || !Object.keys(outermost).some((key) => key.startsWith("__reactFiber"));
    };
    window.addEventListener("pointerdown", note, true);
    window.addEventListener("keydown", note, true);
    window.__notices = [];
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent?.trim();
        if (text && !window.__notices.includes(text)) window.__notices.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return { page, messages };
}

/** One try: the input, then the wait for its effect. */
interface Try {
  input(page: Page, attempt: number): Promise<void>;
  effect(page: Page, attempt: number): Promise<void>;
}

/**
 * Loads `path` `count` times, each time on a fresh slowed page that is not waited for, and makes
 * the input and waits for its effect. Every other try holds the app's script back until the input
 * has been made, so it surely meets a page with no app at all; the others let the app load as it
 * will, so their input lands wherever it happens to (while the app loads, while it hydrates, or
 * after).
 */
async function tryEarly(context: BrowserContext, count: number, path: string, { input, effect }: Try) {
  // A slowed page load on a busy machine takes seconds; each try gets its own share of time.
  test.setTimeout(count * 45_000);
  const app = /data-app="([^"]+)"/.exec(await (await context.request.get(path)).text())?.[1];
  expect(app, "the page names its app").toBeTruthy();
  let early = 0;
  for (let attempt = 0; attempt < count; attempt += 1) {
    const { page, messages } = await slowPage(context);
    let release = () => {};
    if (attempt % 2 === 0) {
      const made = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === app,
        async (route) => {
          await made;
          await route.continue();
        },
      );
    }
    await page.goto(path, { waitUntil: "commit" });
    await input(page, attempt);
    release();
    await effect(page, attempt);
    if (await page.evaluate(() => window.__inputBeforeApp === true)) early += 1;
    expect(messages, `try ${attempt + 1}`).toEqual([]);
    await page.close();
  }
  test.info().annotations.push({ type: "early input", description: `${path}: ${early} of ${count} before hydration` });
}

/**
 * Taps `control` as soon as a person could: once it is visible and done entering. Playwright counts
 * a card still waiting for its staggered entrance (transparent, 12 px low) as visible, and a tap
 * whose press and release straddle its jump into place is a click on whatever holds both.
 */
async function tap(control: Locator) {
  await control.waitFor();
  await control.evaluate((element) =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const effect = animation.effect as KeyframeEffect | null;
          return effect?.target?.contains(element) && effect.getComputedTiming().iterations !== Infinity;
        })
        .map((animation) => animation.finished),
    ),
  );
  await control.click();
}

test.describe("input before the app has hydrated a server-rendered page takes effect (4x CPU slowdown)", () => {
  test("the stories heart, signed out: liked, with its notice", async ({ context }) => {
    await tryEarly(context, 2, "/stories", {
      input: (page) => tap(firstHeart(page)),
      async effect(page) {
        await expectLikedNotice(page, firstHeart(page));
        await appExpect(firstHeart(page)).toHaveAttribute("aria-pressed", "true");
        await page.evaluate(() => localStorage.clear());
      },
    });
  });

  test("the stories heart, signed in: liked on the account", async ({ context, page, baseURL }) => {
    await signUpViaApi(page);
    const favorites = async () => ((await (await page.request.get("/api/me/favorites")).json()) as { stories: string[] }).stories;
    await tryEarly(context, 2, "/stories", {
      input: (slow) => tap(firstHeart(slow)),
      async effect(slow) {
        await expectLikedNotice(slow, firstHeart(slow));
        await appExpect(firstHeart(slow)).toHaveAttribute("aria-pressed", "true");
        await appExpect.poll(favorites).toHaveLength(1);
        // The next try starts from a story not liked, whatever the page shows at the tap.
        const [id] = await favorites();
        const removed = await page.request.delete(`/api/me/favorites/story/${id}`, { headers: { origin: new URL(baseURL!).origin } });
        expect(removed.status()).toBe(200);
      },
    });
  });

  test("/creators: More Filters opens the filters", async ({ context }) => {
    await tryEarly(context, 2, "/creators", {
      input: (page) => tap(page.getByRole("button", { name: "More Filters" })),
      effect: (page) => appExpect(page.getByRole("button", { name: "Less Filters" })).toHaveAttribute("aria-expanded", "true"),
    });
  });

  test("/creators: Apply Now opens the application", async ({ context }) => {
    await tryEarly(context, 2, "/creators", {
      input: (page) => tap(page.getByRole("button", { name: "Apply Now" })),
      effect: (page) => appExpect(page.getByRole("dialog", { name: "CREATOR APPLICATION" })).toBeVisible(),
    });
  });

  test("the footer: Become a Creator and Newsletter open their dialogs; the page stays scrolled", async ({ context }) => {
    const control = (attempt: number) => (attempt < 1 ? "Become a Creator" : "Newsletter");
    await tryEarly(context, 2, "/about", {
      input: (page, attempt) => tap(page.getByRole("contentinfo").getByRole("button", { name: control(attempt) })),
      async effect(page, attempt) {
        await appExpect(page.getByRole("dialog", { name: attempt < 1 ? "CREATOR APPLICATION" : "Newsletter" })).toBeVisible();
        // Hydrating did not take the visitor back to the top of the page they had scrolled.
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      },
    });
  });

  test("/creators: text typed into the search filters the list, and the caret stays", async ({ context }) => {
    const box = (page: Page) => page.getByRole("searchbox", { name: "Search creators..." });
    await tryEarly(context, 2, "/creators", {
      async input(page) {
        await box(page).waitFor();
        await box(page).pressSequentially("sourdough");
        await box(page).press("Home");
      },
      async effect(page) {
        await appExpect(page).toHaveURL(/[?&]q=sourdough(&|$)/);
        await appExpect(page.getByTestId("creators-status")).toHaveText(/found$/);
        await appExpect(page.getByRole("article", { name: "Lena Hart", exact: true })).toBeVisible();
        await appExpect(page.getByRole("article", { name: "Nora Quinn", exact: true })).toBeHidden();
        await appExpect(box(page)).toBeFocused();
        await appExpect(box(page)).toHaveValue("sourdough");
        // The caret is where it was left (at the start), not moved to the end by the replay.
        await box(page).press("x");
        await appExpect(box(page)).toHaveValue("xsourdough");
      },
    });
  });

  test("a link navigates", async ({ context }) => {
    // The first card's name: the first card to have entered.
    const link = (page: Page) => page.getByTestId("creator-card").first().getByRole("heading").getByRole("link");
    let name = "";
    await tryEarly(context, 2, "/creators", {
      async input(page) {
        name = (await link(page).textContent())!;
        await tap(link(page));
      },
      async effect(page) {
        await appExpect(page).toHaveURL(/\/creators\/[^/?]+$/);
        await appExpect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      },
    });
  });
});
