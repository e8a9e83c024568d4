/**
 * Creators' tracks on the community radio (issue 34, docs/decisions/0033) against the real server:
 * a creator sends a track from the studio's Tracks page (an MP3 made here: 5 s of a 440 Hz tone),
 * sees it measured and Pending review; a curator, by keyboard alone, approves it in the back
 * office's Radio and moves it up the rotation; a listener's radio then has it, named with its
 * creator. A file that is not audio, renamed .mp3, is refused on the file field and the title typed
 * stays. axe at each page, screenshots of both pages at 1280 and 390 px kept with the results.
 * The track is taken out of rotation again at the end, so the radio is the house's four again.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Mp3Encoder } from "@breezystack/lamejs";
import { TRACK_MESSAGES, TRACK_STATUS_LABELS } from "../src/common/radio";
import { becomeCreator, expect, expectNoAxeViolations, expectNoSidewaysScroll, holdRequests, signInViaApi, signUpViaApi, tabTo, test, uniqueAccount } from "./fixtures";
import { createStaffAccount } from "./staff";

const SAMPLE_RATE = 44_100;

/** 5 s of a 440 Hz sine at half scale, mono, as a 128 kbps MP3 (lamejs, as scripts/generate-audio.ts uses it). */
function toneMp3(seconds = 5, hz = 440): Buffer {
  const samples = new Int16Array(SAMPLE_RATE * seconds);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) * 0.5 * 32767);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 128);
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const chunks: Buffer[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < samples.length; i += block) chunks.push(bytes(encoder.encodeBuffer(samples.subarray(i, i + block))));
  chunks.push(bytes(encoder.flush()));
  return Buffer.concat(chunks);
}

/** Files for setInputFiles, in a directory of the test's own, removed after it. */
function tempFiles() {
  const dir = mkdtempSync(join(tmpdir(), "maybe-tracks-"));
  return {
    write(name: string, content: Buffer | string) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}


async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const uploadForm = (page: Page) => page.getByRole("region", { name: "Send a track to the radio" });

test("a creator sends a track, a curator approves it by keyboard, and listeners' radio plays it", async ({ page, browser }) => {
  test.slow(); // three accounts, an upload measured by the server, axe four times, two widths
  const files = tempFiles();
  const title = `Night Bus ${Date.now().toString(36)}`;
  const curator = await createStaffAccount("curator");
  let trackId: string | undefined;
  try {
    // ---------------------------------------------------------------- the creator, in the studio
    const { name: creatorName } = await becomeCreator(page, { first: "Ada", last: "Tone" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/studio/tracks");
    await expect(page).toHaveTitle(/^Your Tracks · Studio/);
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Tracks" })).toHaveAttribute("aria-current", "page");
    const form = uploadForm(page);
    await expect(form.getByRole("button", { name: "Send for review" })).toBeVisible();
    await expect(page.getByText("No tracks yet.", { exact: false })).toBeVisible();

    await form.getByLabel("Audio file").setInputFiles(files.write("night-bus.mp3", toneMp3()));
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await expect(form.getByText(`${title.length} / 100`)).toBeVisible();
    await form.getByRole("textbox", { name: /Description/ }).fill("A tone for the late bus home.");
    // The upload is held at the network: the form shows its progress meanwhile.
    const upload = await holdRequests(page, /\/api\/studio\/tracks$/);
    await form.getByRole("button", { name: "Send for review" }).click();
    await upload.requested;
    await expect(page.getByTestId("track-upload-progress")).toBeVisible();
    await expect(page.getByTestId("track-upload-progress")).toContainText(/Uploading… \d+%|Measuring loudness…/);
    upload.release();
    await expect(form.getByText(`“${title}” was sent for review.`, { exact: false })).toBeVisible();
    await expect(page.getByTestId("track-upload-progress")).toHaveCount(0);
    // The form is empty again, ready for the next one.
    await expect(form.getByRole("textbox", { name: "Title" })).toHaveValue("");

    const row = page.getByRole("article", { name: title });
    await expect(row.getByText(TRACK_STATUS_LABELS.pending)).toBeVisible();
    await expect(row.getByText("0:05")).toBeVisible();
    await expect(row.getByText(/^-\d+\.\d LUFS, plays at [+-]?\d+\.\d dB$/)).toBeVisible();
    await expect(row.getByText("0 complete · 0 partial · 0 skipped")).toBeVisible();
    await expect(row.getByRole("button", { name: `Edit details of ${title}` })).toBeVisible();
    const audio = row.locator("audio");
    await expect(audio).toHaveAttribute("controls", "");
    const audioUrl = await audio.getAttribute("src");
    expect(audioUrl).toMatch(/^\/media\//);
    // The creator may hear it before anyone has reviewed it.
    expect((await page.request.get(audioUrl!)).status()).toBe(200);
    const mine = (await (await page.request.get("/api/studio/tracks")).json()) as { items: { id: string; title: string; status: string }[] };
    trackId = mine.items.find((t) => t.title === title)?.id;
    expect(trackId).toBeTruthy();
    await expectNoAxeViolations(page);
    await snapshot(page, "studio-tracks-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await snapshot(page, "studio-tracks-390");

    // --------------------------------------------------------- the curator, in the back office
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const curatorPage = await staff.newPage();
    try {
      await signInViaApi(curatorPage, curator);
      await curatorPage.goto("/admin/radio");
      await expect(curatorPage.getByRole("heading", { level: 1, name: "Radio" })).toBeVisible();
      await expect(curatorPage.getByRole("navigation", { name: "Back Office" }).getByRole("link", { name: "Radio" })).toHaveAttribute("aria-current", "page");
      const queued = curatorPage.getByRole("list", { name: /^Waiting for review/ }).getByRole("article", { name: title });
      await expect(queued.getByText(`by ${creatorName}`)).toBeVisible();
      await expect(queued.getByText("A tone for the late bus home.")).toBeVisible();
      await expect(queued.getByText("0:05")).toBeVisible();
      await expect(queued.locator("audio")).toHaveAttribute("src", audioUrl!);
      const rotation = curatorPage.getByRole("list", { name: /^Rotation/ });
      await expect(rotation.getByRole("article").filter({ hasText: "House" }).first()).toBeVisible();
      const before = await rotation.getByRole("article").count();
      await expectNoAxeViolations(curatorPage);
      await snapshot(curatorPage, "admin-radio-1280");

      // Approve, by keyboard alone: the track leaves the queue, joins the rotation at its end.
      await tabTo(curatorPage, queued.getByRole("button", { name: `Approve ${title}` }));
      await curatorPage.keyboard.press("Enter");
      await expect(curatorPage.getByText(`“${title}” is in rotation now.`)).toBeVisible();
      await expect(curatorPage.getByRole("heading", { name: /^Waiting for review/ })).toBeFocused();
      await expect(queued).toHaveCount(0);
      const placed = rotation.getByRole("article", { name: title });
      await expect(placed.getByText(`by ${creatorName}`)).toBeVisible();
      await expect(rotation.getByRole("article")).toHaveCount(before + 1);
      await expect(rotation.getByRole("article").last()).toHaveAccessibleName(title);

      // Move it up one place, by keyboard: the whole order is sent, and the button keeps the focus.
      const moveUp = placed.getByRole("button", { name: `Move up: ${title}` });
      await tabTo(curatorPage, moveUp);
      await curatorPage.keyboard.press("Enter");
      await expect(curatorPage.getByText(`“${title}” is now ${before} of ${before + 1}.`)).toBeVisible();
      await expect(rotation.getByRole("article").nth(before - 1)).toHaveAccessibleName(title);
      await expect(moveUp).toBeFocused();

      await curatorPage.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(curatorPage);
      await expectNoAxeViolations(curatorPage);
      await snapshot(curatorPage, "admin-radio-390");
    } finally {
      await staff.close();
    }

    // ------------------------------------------------------------------ the creator, reviewed
    await page.reload();
    await expect(page.getByRole("article", { name: title }).getByText(TRACK_STATUS_LABELS.rotation)).toBeVisible();

    // ------------------------------------------------------------------------- a listener
    const listening = await browser.newContext();
    const listener = await listening.newPage();
    try {
      await signUpViaApi(listener, uniqueAccount("listener"));
      const rotationRead = listener.waitForResponse((res) => new URL(res.url()).pathname === "/api/radio/tracks" && res.ok());
      await listener.goto("/home");
      await listener.getByRole("banner").getByRole("button", { name: /^Open radio player/ }).click();
      const { tracks } = (await (await rotationRead).json()) as { tracks: { id: string; title: string; artist: string; creator: { name: string } | null }[] };
      expect(tracks.find((t) => t.id === trackId)).toMatchObject({ title, creator: { name: creatorName } });
      const player = listener.getByRole("dialog", { name: "MAYBE Radio" });
      await expect(player.getByText(`of ${tracks.length}`, { exact: false })).toBeVisible();
      // The player shuffles: Next until it names the new track (each track comes once a round).
      for (let i = 0; i < tracks.length && (await player.getByTestId("track-title").textContent()) !== title; i += 1) {
        const shown = await player.getByTestId("track-title").textContent();
        await player.getByRole("button", { name: "Next track" }).click();
        await expect(player.getByTestId("track-title")).not.toHaveText(shown ?? "");
      }
      await expect(player.getByTestId("track-title")).toHaveText(title);
      await expect(player.getByTestId("track-artist").getByRole("link", { name: creatorName })).toBeVisible();
    } finally {
      await listening.close();
    }
  } finally {
    // The shared server's radio is the house's four again for the specs beside this one.
    if (trackId) {
      const cleanup = await browser.newContext();
      const staffPage = await cleanup.newPage();
      await signInViaApi(staffPage, curator);
      const origin = new URL(test.info().project.use.baseURL!).origin;
      await staffPage.request.post(`/api/admin/radio/tracks/${trackId}/decline`, { data: { note: "Taken out after the browser test." }, headers: { origin } });
      await cleanup.close();
    }
    files.remove();
  }
});

test("a file that is not audio, renamed .mp3, is refused on the file field and the title typed stays", async ({ page }) => {
  const files = tempFiles();
  try {
    await becomeCreator(page, { first: "Ada", last: "Refused" });
    await page.goto("/studio/tracks");
    const form = uploadForm(page);
    await expect(form.getByRole("button", { name: "Send for review" })).toBeVisible();
    const title = "Not Really A Song";
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("textbox", { name: /Description/ }).fill("Shopping list, really.");
    const file = form.getByLabel("Audio file");
    await file.setInputFiles(files.write("shopping-list.mp3", "eggs\nmilk\nbread\n".repeat(200)));
    await form.getByRole("button", { name: "Send for review" }).click();

    await expect(form.getByText(TRACK_MESSAGES.notAudio)).toBeVisible();
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expect(file).toHaveAccessibleDescription(new RegExp(TRACK_MESSAGES.notAudio.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(file).toBeFocused();
    await expect(form.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await expect(form.getByRole("textbox", { name: /Description/ })).toHaveValue("Shopping list, really.");
    await expect(page.getByText("No tracks yet.", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    files.remove();
  }
});
