import { clsx } from "clsx";
import { Radio } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { whenIdle } from "../../../lib/when-idle";
import { useTracks } from "../api/get-tracks";
import { useRadio, useRadioSelector } from "../hooks/use-radio";
import { onPlayRequest } from "../lib/play-requests";
import type { TrackLikes } from "./radio-player";

// The dialog (waveform, loudness, play counting, 'Recently played') is a chunk of its own, fetched
// while the browser is idle after the header shows: the header every signed-in page loads stays small.
const loadPlayer = () => import("./radio-player");
const RadioPlayer = lazy(() => loadPlayer().then((m) => ({ default: m.RadioPlayer })));

/**
 * The header's radio button (DECISIONS.md 8) and its player dialog. Preloads the track list, shows
 * when music is playing, and stops the music when it leaves the page (signing out). `memberId`:
 * the signed-in member, for the player's 'Recently played'; `likes`: the player's heart.
 * Another page may ask it to play a track (lib/play-requests.ts): it plays and the player opens.
 */
export function RadioControl({ memberId, likes }: { memberId?: string; likes?: TrackLikes }) {
  const radio = useRadio();
  const tracks = useTracks();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes back when the player closes, if not to this button: the control that asked for a track. */
  const returnTo = useRef<HTMLElement | null>(null);
  const playing = useRadioSelector((s) => s.playing);
  const title = useRadioSelector((s) => s.tracks[s.index]?.title);

  useEffect(() => {
    if (tracks.data) radio.setTracks(tracks.data.tracks);
  }, [radio, tracks.data]);

  // The radio belongs to the signed-in header: signing out silences it.
  useEffect(() => () => radio.pause(), [radio]);

  useEffect(() => whenIdle(() => void loadPlayer().catch(() => undefined)), []);

  useEffect(
    () =>
      onPlayRequest((trackId) => {
        returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        radio.arm();
        // Started here, within the click that asked, so the browser lets it play; the track that
        // plays already plays on. The player then opens on it (and counts the play from there).
        const { tracks: order, index, loaded, playing: on } = radio.getState();
        const at = order.findIndex((track) => track.id === trackId);
        if (at !== -1 && (at !== index || !loaded)) radio.select(at);
        else if (at !== -1 && !on) radio.play();
        setOpen(true);
      }),
    [radio],
  );

  function openPlayer() {
    returnTo.current = null;
    radio.arm();
    setOpen(true);
  }

  function closePlayer() {
    setOpen(false);
    // Back to what opened it: this button, or the control of another page that asked for a track
    // (unless that is gone meanwhile, a track unliked in the player).
    const back = returnTo.current?.isConnected ? returnTo.current : buttonRef.current;
    returnTo.current = null;
    back?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-label={playing && title ? `Open radio player, playing ${title}` : "Open radio player"}
        data-playing={playing ? "true" : "false"}
        onClick={openPlayer}
        className={clsx(
          "relative inline-flex size-11 shrink-0 items-center justify-center rounded-md border-[3px] border-ink shadow-hard-sm",
          "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:shadow-hard",
          "active:translate-x-0.5 active:translate-y-0.5 active:shadow-none",
          playing ? "bg-pink" : "bg-white hover:bg-yellow-soft",
        )}
      >
        {playing ? (
          // Level bars in place of the icon while music plays (still bars with reduced motion).
          <span aria-hidden="true" className="flex h-5 items-end gap-[3px]">
            {["", "[animation-delay:-0.3s]", "[animation-delay:-0.55s]", "[animation-delay:-0.15s]"].map((delay, i) => (
              <span key={i} className={clsx("h-full w-[3px] origin-bottom rounded-sm bg-ink motion-safe:animate-eq", delay)} />
            ))}
          </span>
        ) : (
          <Radio aria-hidden="true" className="size-5" strokeWidth={2.75} />
        )}
      </button>
      {/* Mounted only while open: the closed player need not follow the position. */}
      {open && (
        <Suspense fallback={null}>
          <RadioPlayer open onClose={closePlayer} memberId={memberId} likes={likes} />
        </Suspense>
      )}
    </>
  );
}
