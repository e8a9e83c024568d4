import { describe, expect, it } from "vitest";
import { connectMediaSession, type MediaSessionLike } from "./media-session";
import { RadioController, type AudioLike } from "./radio-controller";
import { track } from "./tracks.fixtures";

const TRACKS = ["a", "b"].map((id) => track(id, { url: `/${id}.mp3` }));

class FakeSession implements MediaSessionLike {
  metadata: MediaMetadata | null = null;
  playbackState: MediaSessionPlaybackState = "none";
  handlers = new Map<string, MediaSessionActionHandler | null>();
  positions: MediaPositionState[] = [];
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    this.handlers.set(action, handler);
  }
  setPositionState(state?: MediaPositionState) {
    if (state) this.positions.push(state);
  }
  act(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
    this.handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails);
  }
}

function fakeAudio() {
  const target = new EventTarget();
  const audio: AudioLike & { fire: (type: string) => void } = {
    src: "",
    currentTime: 0,
    duration: 60,
    ended: false,
    muted: false,
    volume: 1,
    play: () => Promise.resolve(),
    pause: () => undefined,
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    fire: (type) => target.dispatchEvent(new Event(type)),
  };
  return audio;
}

describe("Media Session", () => {
  it("shows the current track and lets the OS controls and media keys drive the radio", () => {
    const radio = new RadioController({ random: () => 0.999 });
    const audio = fakeAudio();
    radio.attach(audio);
    const session = new FakeSession();
    const disconnect = connectMediaSession(radio, session, (init) => init as MediaMetadata);

    radio.setTracks(TRACKS);
    radio.arm();
    audio.fire("durationchange");
    audio.fire("canplay");
    expect(session.metadata).toMatchObject({ title: "Title a", artist: "Artist a", album: "MAYBE Radio" });
    expect(session.playbackState).toBe("paused");

    session.act("play");
    expect(radio.getState().playing).toBe(true);
    expect(session.playbackState).toBe("playing");
    session.act("seekto", { seekTime: 30 });
    expect(radio.getState().position).toBe(30);
    expect(session.positions.at(-1)).toEqual({ duration: 60, position: 30, playbackRate: 1 });
    session.act("nexttrack");
    expect(session.metadata).toMatchObject({ title: "Title b" });
    session.act("previoustrack");
    expect(session.metadata).toMatchObject({ title: "Title a" });
    audio.fire("canplay");
    session.act("pause");
    expect(radio.getState().playing).toBe(false);

    disconnect();
    expect([...session.handlers.values()].every((h) => h === null)).toBe(true);
  });
});
