import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countPlay, PLAYS_URL } from "./count-play";

const REPORT = { track_id: "slow-tide", listened_ms: 61_250 };
let fetches: Array<{ url: string; init: RequestInit }>;
let status: number;

beforeEach(() => {
  fetches = [];
  status = 201;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      fetches.push({ url, init });
      if (status === 0) throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(status === 201 ? { outcome: "partial" } : { error: { code: "X", message: "no" } }), {
        status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("sending a play", () => {
  it("posts the report as JSON with the app's fetch helper while the page stays, then says so", async () => {
    const counted = vi.fn();
    countPlay(REPORT, false, counted);
    await settle();
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.url).toBe(PLAYS_URL);
    expect(fetches[0]!.init).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify(REPORT) });
    expect(counted).toHaveBeenCalledTimes(1);
  });

  it("fails silently: no error thrown, logged or left unhandled", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const counted = vi.fn();
    for (const answer of [500, 429, 0]) {
      status = answer;
      countPlay(REPORT, false, counted);
      await settle();
    }
    expect(counted).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("uses a beacon with a JSON body as the page leaves", async () => {
    const beacons: Array<[string, Blob]> = [];
    vi.stubGlobal("navigator", { sendBeacon: (url: string, data: Blob) => beacons.push([url, data]) > 0 });
    countPlay(REPORT, true);
    expect(fetches).toHaveLength(0);
    expect(beacons[0]![0]).toBe(PLAYS_URL);
    expect(beacons[0]![1].type).toBe("application/json");
    expect(JSON.parse(await beacons[0]![1].text())).toEqual(REPORT);
  });

  it("falls back to a keepalive fetch where a beacon is refused or missing", async () => {
    for (const navigator of [{ sendBeacon: () => false }, { sendBeacon: () => { throw new TypeError("refused"); } }, {}]) {
      vi.stubGlobal("navigator", navigator);
      fetches = [];
      status = 0;
      countPlay(REPORT, true);
      await settle();
      expect(fetches).toHaveLength(1);
      expect(fetches[0]!.init).toMatchObject({ method: "POST", keepalive: true, body: JSON.stringify(REPORT) });
    }
  });
});
