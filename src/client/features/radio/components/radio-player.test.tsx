// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecentPlays } from "../../../../common/api/radio";
import { RadioProvider, useRadio } from "../hooks/use-radio";
import { track } from "../lib/tracks.fixtures";
import { RadioPlayer, type TrackLikes } from "./radio-player";

const MAYA = track("m1", {
  title: "Marquee Nights",
  artist: "Maya Lopez",
  url: "/media/tracks/m1.mp3",
  creator: { id: "maya-lopez", name: "Maya Lopez" },
  gain_db: -4.25,
  waveform: Array.from({ length: 100 }, (_, i) => i / 100),
});
const HOUSE = track("slow-tide", { title: "Slow Tide", artist: "Harbor Lights" });
const GONE = track("gone", { title: "Old Song", artist: "Someone" });

let recent: RecentPlays;
let requests: string[];

beforeEach(() => {
  recent = { items: [] };
  requests = [];
  // jsdom has no modal dialogs or media playback.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => undefined);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      return new Response(JSON.stringify(recent), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Tracks({ tracks }: { tracks: typeof MAYA[] }) {
  const radio = useRadio();
  radio.setTracks(tracks);
  radio.arm();
  return null;
}

function renderPlayer(memberId?: string, likes?: TrackLikes) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RadioProvider>
          {/* random ≈ 1 keeps the order */}
          <Tracks tracks={[MAYA, HOUSE]} />
          <RadioPlayer open onClose={onClose} memberId={memberId} likes={likes} />
        </RadioProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe("the player dialog", () => {
  it("links a creator's track to their page and keeps the strip's 'title • artist'", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const { onClose } = renderPlayer();
    const link = screen.getByRole("link", { name: "Maya Lopez" });
    expect(link.getAttribute("href")).toBe("/creators/maya-lopez");
    expect(screen.getByTestId("now-playing").querySelector("p")?.textContent).toBe("Marquee Nights • Maya Lopez");
    expect(screen.getByTestId("track-artist").closest("[data-gain-db]")?.getAttribute("data-gain-db")).toBe("-4.25");
    expect(screen.getByTestId("waveform").querySelectorAll("rect")).toHaveLength(100);
    expect(screen.getAllByRole("slider")).toHaveLength(1);
    await userEvent.setup().click(link);
    expect(onClose).toHaveBeenCalled();
    // Not signed in: no 'Recently played', no heart, and nothing asked of the server.
    expect(screen.queryByText("Recently played")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Like / })).toBeNull();
    expect(requests).toEqual([]);
  });

  it("shows a member's recently played tracks when it opens, and plays one from there", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    recent = {
      items: [
        { track: HOUSE, played_at: "2031-01-02T10:00:00.000Z" },
        { track: MAYA, played_at: "2031-01-01T12:00:00.000Z" },
        { track: GONE, played_at: "2031-01-01T10:00:00.000Z" },
      ],
    };
    renderPlayer("u1");
    const user = userEvent.setup();
    await user.click(screen.getByText("Recently played"));
    const play = await screen.findByRole("button", { name: "Play Slow Tide • Harbor Lights" });
    expect(requests).toEqual(["/api/me/radio/recent"]);
    expect(screen.getByRole("button", { name: "Play Marquee Nights • Maya Lopez, now playing" }).getAttribute("aria-current")).toBe("true");
    // Out of this page's rotation: shown, not playable.
    expect(screen.getByText("Old Song • Someone").tagName).toBe("SPAN");
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    await act(() => user.click(play));
    expect(screen.getByTestId("track-title").textContent).toBe("Slow Tide");
    expect(screen.getByTestId("track-artist").textContent).toBe("Harbor Lights");
    expect(screen.queryByRole("link", { name: "Harbor Lights" })).toBeNull();
  });

  it("has a heart for the track playing, pressed while it is a favorite, that says what changed", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const liked = new Set<string>(["slow-tide"]);
    const toggle = vi.fn<TrackLikes["toggle"]>((track, tell) => {
      const now = !liked.has(track.id);
      if (now) liked.add(track.id);
      else liked.delete(track.id);
      tell(`${track.title} ${now ? "added to" : "removed from"} favorites!`);
    });
    renderPlayer("u1", { isLiked: (id) => liked.has(id), toggle });
    const user = userEvent.setup();
    const heart = screen.getByRole("button", { name: "Like Marquee Nights" });
    expect(heart.getAttribute("aria-pressed")).toBe("false");
    await user.click(heart);
    expect(toggle).toHaveBeenCalledWith(expect.objectContaining({ id: "m1", title: "Marquee Nights" }), expect.any(Function));
    // The notice shows inside the dialog: the page behind the modal is inert.
    expect(within(screen.getByRole("dialog")).getByText("Marquee Nights added to favorites!")).toBeTruthy();

    // The next track has a heart of its own, pressed as its favorite is.
    await user.click(screen.getByRole("button", { name: "Next track" }));
    expect(screen.getByRole("button", { name: "Like Slow Tide" }).getAttribute("aria-pressed")).toBe("true");
  });
});
