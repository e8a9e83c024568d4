// @vitest-environment jsdom
/**
 * Another page asks the radio to play a track (lib/play-requests.ts, the Favorites page's liked
 * tracks): the header's radio button starts it within that click and opens the player on it; when
 * the player closes, focus goes back to the control that asked.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RadioProvider } from "../hooks/use-radio";
import { playOnTheRadio } from "../lib/play-requests";
import { track } from "../lib/tracks.fixtures";
import { RadioControl } from "./radio-control";

const TRACKS = [track("paper-lanterns", { title: "Paper Lanterns" }), track("slow-tide", { title: "Slow Tide" }), track("night-bus", { title: "Night Bus Home" })];

let play: ReturnType<typeof vi.fn>;
beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(play as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => undefined);
  vi.spyOn(Math, "random").mockReturnValue(0.999); // keeps the order
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      new Response(JSON.stringify(url.endsWith("/api/radio/tracks") ? { tracks: TRACKS } : { items: [] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderControl() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RadioProvider>
          <RadioControl memberId="u1" />
          <button type="button" onClick={() => playOnTheRadio("slow-tide")}>
            Play Slow Tide on the radio
          </button>
        </RadioProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a request to play a track", () => {
  it("plays it from the click that asked and opens the player on it; closing it returns focus to that control", async () => {
    renderControl();
    const user = userEvent.setup();
    const asking = screen.getByRole("button", { name: "Play Slow Tide on the radio" });
    // The rotation has arrived (the header preloads it).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/radio/tracks", expect.anything()));
    await act(async () => {});
    await user.click(asking);
    expect(play).toHaveBeenCalled();
    expect(document.querySelector("audio")?.getAttribute("src")).toBe("/media/audio/slow-tide.mp3");

    const title = await screen.findByTestId("track-title");
    expect(title.textContent).toBe("Slow Tide");
    expect(screen.getByText("Track 2 of 3")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("track-title")).toBeNull();
    expect(document.activeElement).toBe(asking);
  });

  it("of a track the radio does not have opens the player on the track it has", async () => {
    renderControl();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/radio/tracks", expect.anything()));
    await act(async () => {});
    act(() => playOnTheRadio("trk_gone"));
    expect((await screen.findByTestId("track-title")).textContent).toBe("Paper Lanterns");
    expect(play).not.toHaveBeenCalled();
  });
});
