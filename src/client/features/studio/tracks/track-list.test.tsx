// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioTrack } from "../../../../common/api/studio-tracks";
import { TRACK_MESSAGES } from "../../../../common/radio";
import { jsonResponse, polyfillDialog, renderWithQueries } from "../../../test/jsdom";
import { TrackList } from "./track-list";

const BASE: StudioTrack = {
  id: "trk_1",
  title: "Night Bus",
  description: "A tone for the late bus home.",
  cover: null,
  status: "pending",
  decline_note: null,
  audio_url: "/media/a/1.mp3",
  content_type: "audio/mpeg",
  bytes: 80_000,
  duration_ms: 185_000,
  loudness_lufs: -14.24,
  true_peak_dbtp: -0.5,
  gain_db: -1.76,
  waveform: [],
  plays: { complete: 12, partial: 3, skipped: 1 },
  created_at: "2031-05-01T10:00:00.000Z",
  updated_at: "2031-05-01T10:00:00.000Z",
};

let tracks: StudioTrack[];
let sent: { method: string; url: string; body: unknown }[];
let refuse: { status: number; error: { code: string; message: string; fields?: Record<string, string> } } | null;

beforeEach(() => {
  tracks = [BASE, { ...BASE, id: "trk_2", title: "Garage Hum", status: "declined", decline_note: "Too quiet at the start." }];
  sent = [];
  refuse = null;
  polyfillDialog();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "GET") return jsonResponse(200, { items: tracks });
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (refuse) return jsonResponse(refuse.status, { error: refuse.error });
      const id = decodeURIComponent(url.split("/")[4]!);
      const track = tracks.find((t) => t.id === id)!;
      const changed = method === "PATCH" ? { ...track, ...(JSON.parse(String(init.body)) as object) } : { ...track, status: "withdrawn" as const };
      tracks = tracks.map((t) => (t.id === id ? changed : t));
      return jsonResponse(200, changed);
    }),
  );
});

// jsdom's accessible names join a button's words and the screen-reader-only part without the space a browser keeps: hence \s* in names.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList() {
  const done = vi.fn();
  return { user: renderWithQueries(<TrackList uid="user-1" onDone={done} />), done };
}

describe("the studio's tracks", () => {
  it("shows each track's status, the curator's note, its facts and a player", async () => {
    renderList();
    const pending = await screen.findByRole("article", { name: "Night Bus" });
    expect(within(pending).getByText("Pending review")).toBeTruthy();
    expect(within(pending).getByText("3:05")).toBeTruthy();
    expect(within(pending).getByText("-14.2 LUFS, plays at -1.8 dB")).toBeTruthy();
    expect(within(pending).getByText("12 complete · 3 partial · 1 skipped")).toBeTruthy();
    expect(within(pending).getByLabelText("Listen to Night Bus").getAttribute("src")).toBe("/media/a/1.mp3");
    const declined = screen.getByRole("article", { name: "Garage Hum" });
    expect(within(declined).getByText("Declined")).toBeTruthy();
    expect(within(declined).getByTestId("decline-note").textContent).toContain("Too quiet at the start.");
    // A declined track can still be edited, not withdrawn.
    expect(within(declined).queryByRole("button", { name: /^Withdraw/ })).toBeNull();
  });

  it("edits the details in a dialog, checking the title first and sending it trimmed", async () => {
    const { user, done } = renderList();
    await user.click(await screen.findByRole("button", { name: /^Edit details\s*of Night Bus$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit track details" });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.click(within(dialog).getByRole("button", { name: "Save details" }));
    expect(within(dialog).getByText(TRACK_MESSAGES.titleRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(title, "  Night Bus (Dub)  ");
    expect(within(dialog).getByText("19 / 100")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save details" }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith("The details of “Night Bus (Dub)” are saved."));
    expect(sent).toEqual([
      { method: "PATCH", url: "/api/studio/tracks/trk_1", body: { title: "Night Bus (Dub)", description: "A tone for the late bus home.", cover_media_id: null } },
    ]);
    expect(await screen.findByRole("article", { name: "Night Bus (Dub)" })).toBeTruthy();
  });

  it("withdraws after a confirm, and says a refusal in the track's row", async () => {
    const { user, done } = renderList();
    await user.click(await screen.findByRole("button", { name: /^Withdraw\s*Night Bus$/ }));
    refuse = { status: 403, error: { code: "SUSPENDED", message: "Your creator profile is suspended." } };
    await user.click(within(await screen.findByRole("dialog", { name: "Withdraw this track?" })).getByRole("button", { name: "Withdraw track" }));
    const row = screen.getByRole("article", { name: "Night Bus" });
    expect(await within(row).findByText("Your creator profile is suspended.")).toBeTruthy();

    refuse = null;
    await user.click(within(row).getByRole("button", { name: /^Withdraw\s*Night Bus$/ }));
    await user.click(within(await screen.findByRole("dialog", { name: "Withdraw this track?" })).getByRole("button", { name: "Withdraw track" }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith("“Night Bus” was withdrawn."));
    expect(await within(row).findByText("Withdrawn")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /^Edit details/ })).toBeNull();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /api/studio/tracks/trk_1/withdraw", "POST /api/studio/tracks/trk_1/withdraw"]);
  });
});
