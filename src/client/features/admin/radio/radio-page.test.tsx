// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminRadio, AdminTrack } from "../../../../common/api/admin-radio";
import { TRACK_MESSAGES } from "../../../../common/radio";
import { jsonResponse, polyfillDialog, renderWithQueries } from "../../../test/jsdom";
import { RadioPage } from "./radio-page";

function track(id: string, title: string, more: Partial<AdminTrack> = {}): AdminTrack {
  return {
    id,
    source: "upload",
    title,
    artist: "Ada Tone",
    description: "",
    creator: { id: "ada-tone", name: "Ada Tone" },
    cover: null,
    status: "rotation",
    decline_note: null,
    audio_url: `/media/a/${id}.mp3`,
    duration_ms: 65_000,
    loudness_lufs: -18,
    true_peak_dbtp: -3,
    gain_db: 2,
    waveform: null,
    featured: false,
    position: 1,
    plays: { complete: 0, partial: 0, skipped: 0 },
    created_at: "2031-05-01T10:00:00.000Z",
    reviewed_at: null,
    ...more,
  };
}

let radio: AdminRadio;
let sent: { method: string; url: string; body: unknown }[];
let refuse: { status: number; error: { code: string; message: string } } | null;

beforeEach(() => {
  radio = {
    queue: [track("t-new", "Night Bus", { status: "pending", position: null, description: "A tone for the late bus home." })],
    rotation: [
      track("h-1", "Paper Lanterns", { source: "house", creator: null, artist: "Juniper Fog" }),
      track("t-a", "Garage Hum"),
      track("t-b", "Slow Tide"),
    ],
  };
  sent = [];
  refuse = null;
  polyfillDialog();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "GET") return jsonResponse(200, radio);
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ method, url, body });
      if (refuse) return jsonResponse(refuse.status, { error: refuse.error });
      if (url === "/api/admin/radio/rotation") {
        const ids = body!.ids as string[];
        radio = { ...radio, rotation: ids.map((id) => radio.rotation.find((t) => t.id === id)!) };
        return jsonResponse(200, radio);
      }
      const [, , , , , id, action] = url.split("/");
      const all = [...radio.queue, ...radio.rotation];
      const found = all.find((t) => t.id === id)!;
      if (action === "approve") radio = { queue: radio.queue.filter((t) => t.id !== id), rotation: [...radio.rotation, { ...found, status: "rotation" }] };
      if (action === "decline") radio = { queue: radio.queue.filter((t) => t.id !== id), rotation: radio.rotation.filter((t) => t.id !== id) };
      return jsonResponse(200, found);
    }),
  );
});

// jsdom's accessible names join a button's words and the screen-reader-only part without the space a browser keeps: hence \s* in names.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderWithQueries(<RadioPage uid="curator-1" />);
}

const rotationTitles = () =>
  within(screen.getByRole("list", { name: /^Rotation/ }))
    .getAllByRole("article")
    .map((article) => article.querySelector("h3")?.textContent);

describe("the back office's Radio", () => {
  it("lists the queue with who sent what and a player, and marks the house's tracks", async () => {
    renderPage();
    const queued = await screen.findByRole("article", { name: "Night Bus" });
    expect(within(queued).getByText("by Ada Tone")).toBeTruthy();
    expect(within(queued).getByText("A tone for the late bus home.")).toBeTruthy();
    expect(within(queued).getByText("-18.0 LUFS, plays at +2.0 dB")).toBeTruthy();
    expect(within(queued).getByLabelText("Listen to Night Bus").getAttribute("src")).toBe("/media/a/t-new.mp3");
    const house = screen.getByRole("article", { name: "Paper Lanterns" });
    expect(within(house).getByText("House")).toBeTruthy();
    expect(within(house).getByText("by Juniper Fog")).toBeTruthy();
    expect(rotationTitles()).toEqual(["Paper Lanterns", "Garage Hum", "Slow Tide"]);
  });

  it("approves a track into the rotation and moves the focus to the queue's heading", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: /^Approve\s*Night Bus$/ }));
    expect(await screen.findByText("“Night Bus” is in rotation now.")).toBeTruthy();
    expect(await screen.findByText("No track is waiting for review.")).toBeTruthy();
    expect(document.activeElement?.id).toBe("radio-queue");
    expect(rotationTitles()).toEqual(["Paper Lanterns", "Garage Hum", "Slow Tide", "Night Bus"]);
    expect(sent).toEqual([{ method: "POST", url: "/api/admin/radio/tracks/t-new/approve", body: undefined }]);
  });

  it("declines only with a note, and sends it trimmed", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: /^Decline\s*Night Bus$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Decline this track" });
    await user.click(within(dialog).getByRole("button", { name: "Decline track" }));
    expect(within(dialog).getByText(TRACK_MESSAGES.noteRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole("textbox", { name: "Note for the creator" }), "  The ending clips.  ");
    expect(within(dialog).getByText(/21 \/ 1,000/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Decline track" }));
    expect(await screen.findByText("“Night Bus” was declined. Its creator gets your note.")).toBeTruthy();
    expect(sent).toEqual([{ method: "POST", url: "/api/admin/radio/tracks/t-new/decline", body: { note: "The ending clips." } }]);
  });

  it("moves a track within its group, sending the whole order, and says a changed rotation in the server's words with Reload", async () => {
    const user = renderPage();
    // The first cannot go up, the last cannot go down.
    expect((await screen.findByRole("button", { name: "Move up: Paper Lanterns" })).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Move down: Slow Tide" }).hasAttribute("disabled")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Move up: Slow Tide" }));
    expect(await screen.findByText("“Slow Tide” is now 2 of 3.")).toBeTruthy();
    expect(rotationTitles()).toEqual(["Paper Lanterns", "Slow Tide", "Garage Hum"]);
    expect(sent).toEqual([{ method: "PUT", url: "/api/admin/radio/rotation", body: { ids: ["h-1", "t-b", "t-a"] } }]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move up: Slow Tide" }));

    refuse = { status: 409, error: { code: "ROTATION_CHANGED", message: TRACK_MESSAGES.rotationMismatch } };
    await user.click(screen.getByRole("button", { name: "Move down: Slow Tide" }));
    expect(await screen.findByText(TRACK_MESSAGES.rotationMismatch)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    // Put back as the server has it.
    await vi.waitFor(() => expect(rotationTitles()).toEqual(["Paper Lanterns", "Slow Tide", "Garage Hum"]));
  });

  it("takes a track out of rotation with a note", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: /^Take out\s*Garage Hum$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Take out of rotation" });
    await user.type(within(dialog).getByRole("textbox", { name: "Note for the creator" }), "Listeners skip it.");
    await user.click(within(dialog).getByRole("button", { name: "Take out" }));
    expect(await screen.findByText("“Garage Hum” was taken out of rotation.")).toBeTruthy();
    expect(rotationTitles()).toEqual(["Paper Lanterns", "Slow Tide"]);
    expect(sent).toEqual([{ method: "POST", url: "/api/admin/radio/tracks/t-a/decline", body: { note: "Listeners skip it." } }]);
  });
});
