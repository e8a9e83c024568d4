/**
 * Loading the site the way a new visitor does: a clean browser console (signed out is not an
 * error), no Content-Security-Policy violation, nothing fetched from another host, and the
 * self-hosted display face in use.
 */
import type { Page } from "@playwright/test";
import { expect, signUpViaApi, test, watchConsole } from "./fixtures";

/** Every screen a signed-out visitor can open, plus the two that send them elsewhere. */
const SIGNED_OUT_PATHS = [
  "/",
  "/about",
  "/contact",
  "/stories",
  "/creators",
  "/creators/maya_lopez",
  "/store",
  "/likes",
  "/subscribe",
  "/login",
  "/join",
  "/home", // → /
  "/signin", // → /login
  "/no-such-page",
];

const SIGNED_IN_PATHS = ["/home", "/stories", "/store", "/creators", "/creators/maya_lopez", "/studio", "/about"];

const DISPLAY_FAMILY = "Archivo";

async function visit(page: Page, path: string, settle: () => Promise<void>) {
  await page.goto(path);
  await expect(page.locator("h1")).toHaveCount(1);
  await settle();
}

/** Collects every request that leaves the site's own origin. */
function watchForeignRequests(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

// One test a screen: each stays well inside its time limit and a failure names the screen.
for (const path of SIGNED_OUT_PATHS) {
  test(`signed out: ${path} loads without a console error or warning`, async ({ page }) => {
    const { messages, settle } = await watchConsole(page);
    await visit(page, path, settle);
    // The not-found page answers with status 404 (docs/decisions/0022), which the browser notes
    // about the document itself, and only that.
    const ownStatus = `error on ${page.url()}: Failed to load resource: the server responded with a status of 404 (Not Found)`;
    expect(messages).toEqual(path === "/no-such-page" ? [ownStatus] : []);
  });
}

test("signed in: no Content-Security-Policy violation on the main screens", async ({ page }) => {
  const { messages, settle } = await watchConsole(page);
  await signUpViaApi(page);
  for (const path of SIGNED_IN_PATHS) await visit(page, path, settle);
  expect(messages.filter((m) => m.includes("CSP violation") || m.includes("Content Security Policy"))).toEqual([]);
});

test("the display face is self-hosted: Archivo 900 loads from the site, nothing from another host", async ({
  page,
  baseURL,
}) => {
  const foreign = watchForeignRequests(page, baseURL!);
  const fonts: { url: string; type: string | undefined }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") {
      fonts.push({ url: response.url(), type: response.headers()["content-type"] });
    }
  });

  await page.goto("/");
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("MAYBE");
  await expect(title).toHaveCSS("font-family", new RegExp(`^"?${DISPLAY_FAMILY}"?,`));
  await expect(title).toHaveCSS("font-weight", "900");

  // Loaded, not merely declared: a face for the family at weight 900 has finished loading.
  await expect
    .poll(() =>
      page.evaluate(async (family) => {
        await document.fonts.ready;
        const loaded = [...document.fonts].some(
          (face) => face.family.replace(/"/g, "") === family && face.weight === "900" && face.status === "loaded",
        );
        return loaded && document.fonts.check(`900 16px "${family}"`);
      }, DISPLAY_FAMILY),
    )
    .toBe(true);

  // One woff2, from our own /assets with a content-hashed name (cached for good).
  expect(fonts).toHaveLength(1);
  expect(fonts[0]!.url).toMatch(/\/assets\/archivo-latin-900-normal-[\w-]+\.woff2$/);
  expect(fonts[0]!.type).toBe("font/woff2");

  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});
