/**
 * The back office's Radio (curators; issue 34, docs/decisions/0033). "Waiting for review": the
 * tracks creators sent, oldest first, each with its details, its measured loudness and a player,
 * to Approve (into rotation, last) or Decline with a note for its creator. "Rotation": the radio's
 * tracks in the order it names them, featured first; Move up and Move down (buttons a keyboard
 * reaches, sending the whole new order), Feature or Unfeature, and Take out (with a note); the
 * house's own tracks are marked. Outcomes are said in a status line, refusals in the server's
 * words (a rotation changed meanwhile offers to reload); when a row acted on leaves its list the
 * focus moves to that list's heading, and a moved track keeps the focus on its button.
 */
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, Check, Music, RefreshCw, Star, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { TrackAudio, TrackFacts } from "../../../components/tracks/track-parts";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { failureMessage, isApiError } from "../../../lib/api";
import { formatDuration, formatPlays } from "../../../lib/track-format";
import { formatWhen } from "../shared/format";
import { ListEmpty, ListFailed, ListLoading } from "../shared/list-parts";
import { DeclineDialog, type DeclineTarget } from "./decline-dialog";
import { useAdminRadio, useOrderRotation, useReviewTrack, type AdminTrack } from "./review-radio";
import { canMove, moveById, type Direction } from "./rotation-order";

export const RADIO_TEXT = {
  queueHeading: "Waiting for review",
  queueIntro: "Oldest first. Listen before you decide: approved tracks join the rotation at its end.",
  rotationHeading: "Rotation",
  rotationIntro: "The order the radio names them: featured tracks first, then the rest. Listeners hear them shuffled.",
  loading: "Loading the radio...",
  failed: "The radio's tracks could not be loaded.",
  emptyQueue: "No track is waiting for review.",
  emptyRotation: "Nothing is in rotation.",
  by: (name: string) => `by ${name}`,
  sent: (when: string) => `Sent ${when}`,
  house: "House",
  featured: "Featured",
  approve: "Approve",
  decline: "Decline",
  feature: "Feature",
  unfeature: "Unfeature",
  takeOut: "Take out",
  moveUp: "Move up",
  moveDown: "Move down",
  position: (n: number) => `${n}.`,
  approved: (title: string) => `“${title}” is in rotation now.`,
  declined: (title: string) => `“${title}” was declined. Its creator gets your note.`,
  takenOut: (title: string) => `“${title}” was taken out of rotation.`,
  featuredNow: (title: string) => `“${title}” is featured.`,
  unfeaturedNow: (title: string) => `“${title}” is no longer featured.`,
  moved: (title: string, place: number, of: number) => `“${title}” is now ${place} of ${of}.`,
  actionFailed: "That did not work. Check your connection and try again.",
  declineFailed: "The note could not be saved. Check your connection and try again.",
  reload: "Reload",
} as const;

const BADGE = "rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wide uppercase";

/** Who a track is by: its creator, or the house's name for its own. */
const byOf = (track: AdminTrack) => track.creator?.name ?? track.artist;

export function RadioPage({ uid }: { uid: string }) {
  const radio = useAdminRadio(uid);
  const reviewTrack = useReviewTrack(uid);
  const order = useOrderRotation(uid);
  const [notice, setNotice] = useState<{ text: string; error?: true; reload?: true } | null>(null);
  const [declining, setDeclining] = useState<DeclineTarget | null>(null);
  const [declineErrors, setDeclineErrors] = useState<{ note?: string; form?: string }>({});
  /** The row whose action is running: its buttons say so and ignore presses, keeping the focus. */
  const [busyId, setBusyId] = useState<string | null>(null);
  // Focus moves to a list's heading once a row acted on has left it (and the dialog has closed: its effect runs first).
  const [focusNext, setFocusNext] = useState<"queue" | "rotation" | null>(null);
  /**
   * A track moved or (un)featured: its button keeps the focus through every render until the
   * action is done (its row moves, and React moving a node drops the focus). The first of
   * `buttons` (selectors within the row) that is there and enabled.
   */
  const keepFocus = useRef<{ id: string; buttons: string[] } | null>(null);
  const queueHeading = useRef<HTMLHeadingElement>(null);
  const rotationHeading = useRef<HTMLHeadingElement>(null);
  const rotationList = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusNext === null) return;
    (focusNext === "queue" ? queueHeading : rotationHeading).current?.focus();
    setFocusNext(null);
  }, [focusNext]);
  useLayoutEffect(() => {
    const kept = keepFocus.current;
    if (!kept) return;
    const row = [...(rotationList.current?.querySelectorAll<HTMLElement>("[data-track-id]") ?? [])].find((li) => li.dataset.trackId === kept.id);
    const button = kept.buttons.map((selector) => row?.querySelector<HTMLButtonElement>(`${selector}:not([disabled])`)).find(Boolean);
    if (button && document.activeElement !== button) button.focus();
    if (busyId === null) keepFocus.current = null;
  });

  function say(text: string, options: { error?: true; reload?: true } = {}) {
    setNotice({ text, ...options });
  }

  function sayFailure(error: unknown, otherwise = RADIO_TEXT.actionFailed) {
    // A rotation or track that changed meanwhile: the server's words, and a way to read it again.
    const stale = isApiError(error) && error.status === 409;
    say(failureMessage(error, otherwise), stale ? { error: true, reload: true } : { error: true });
  }

  async function approve(track: AdminTrack) {
    if (busyId) return;
    setBusyId(track.id);
    try {
      await reviewTrack.mutateAsync({ kind: "approve", id: track.id });
      say(RADIO_TEXT.approved(track.title));
      setFocusNext("queue");
    } catch (error) {
      sayFailure(error);
    } finally {
      setBusyId(null);
    }
  }

  async function feature(track: AdminTrack) {
    if (busyId) return;
    setBusyId(track.id);
    // Featured tracks lead the rotation: the row moves, its button keeps the focus.
    keepFocus.current = { id: track.id, buttons: ["[data-feature]"] };
    try {
      await reviewTrack.mutateAsync({ kind: "feature", id: track.id, featured: !track.featured });
      say(track.featured ? RADIO_TEXT.unfeaturedNow(track.title) : RADIO_TEXT.featuredNow(track.title));
    } catch (error) {
      sayFailure(error);
    } finally {
      setBusyId(null);
    }
  }

  async function move(track: AdminTrack, direction: Direction) {
    if (busyId || !radio.data) return;
    const next = moveById(radio.data.rotation, track.id, direction);
    if (!next) return;
    setBusyId(track.id);
    // The button pressed, or the other one once the track has reached the end of its group.
    keepFocus.current = { id: track.id, buttons: [`[data-move="${direction}"]`, `[data-move="${-direction}"]`] };
    try {
      await order.mutateAsync(next);
      say(RADIO_TEXT.moved(track.title, next.findIndex((t) => t.id === track.id) + 1, next.length));
    } catch (error) {
      sayFailure(error);
    } finally {
      setBusyId(null);
    }
  }

  function openDecline(track: AdminTrack, mode: DeclineTarget["mode"]) {
    setDeclineErrors({});
    setDeclining({ id: track.id, title: track.title, by: byOf(track), mode });
  }

  async function confirmDecline(note: string) {
    if (!declining) return;
    const target = declining;
    setDeclineErrors({});
    try {
      await reviewTrack.mutateAsync({ kind: "decline", id: target.id, note });
      setDeclining(null);
      say(target.mode === "takeOut" ? RADIO_TEXT.takenOut(target.title) : RADIO_TEXT.declined(target.title));
      setFocusNext(target.mode === "takeOut" ? "rotation" : "queue");
    } catch (error) {
      if (isApiError(error) && error.fields.note) setDeclineErrors({ note: error.fields.note });
      else setDeclineErrors({ form: failureMessage(error, RADIO_TEXT.declineFailed) });
    }
  }

  const queue = radio.data?.queue ?? [];
  const rotation = radio.data?.rotation ?? [];
  return (
    <div className="flex flex-col gap-10">
      <div role="status" className="empty:hidden">
        {notice && (
          <div className="flex flex-col items-start gap-3">
            <Alert tone={notice.error ? "error" : "success"}>{notice.text}</Alert>
            {notice.reload && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setNotice(null);
                  void radio.refetch();
                }}
              >
                <RefreshCw aria-hidden="true" className="size-4" strokeWidth={2.75} />
                {RADIO_TEXT.reload}
              </Button>
            )}
          </div>
        )}
      </div>

      {radio.isPending ? (
        <ListLoading text={RADIO_TEXT.loading} />
      ) : radio.isError ? (
        <ListFailed text={RADIO_TEXT.failed} onRetry={() => void radio.refetch()} />
      ) : (
        <>
          <TrackSection
            id="radio-queue"
            headingRef={queueHeading}
            heading={RADIO_TEXT.queueHeading}
            intro={RADIO_TEXT.queueIntro}
            count={queue.length}
            empty={RADIO_TEXT.emptyQueue}
          >
            <ul className="flex flex-col gap-4" aria-labelledby="radio-queue">
              {queue.map((track) => (
                <li key={track.id}>
                  <QueueCard
                    track={track}
                    busy={busyId === track.id}
                    onApprove={() => void approve(track)}
                    onDecline={() => openDecline(track, "decline")}
                  />
                </li>
              ))}
            </ul>
          </TrackSection>

          <TrackSection
            id="radio-rotation"
            headingRef={rotationHeading}
            heading={RADIO_TEXT.rotationHeading}
            intro={RADIO_TEXT.rotationIntro}
            count={rotation.length}
            empty={RADIO_TEXT.emptyRotation}
          >
            <ol ref={rotationList} className="flex flex-col gap-3" aria-labelledby="radio-rotation">
              {rotation.map((track, index) => (
                <li key={track.id} data-track-id={track.id}>
                  <RotationRow
                    track={track}
                    place={index + 1}
                    busy={busyId === track.id}
                    canUp={canMove(rotation, index, -1)}
                    canDown={canMove(rotation, index, 1)}
                    onMove={(direction) => void move(track, direction)}
                    onFeature={() => void feature(track)}
                    onTakeOut={() => openDecline(track, "takeOut")}
                  />
                </li>
              ))}
            </ol>
          </TrackSection>
        </>
      )}

      <DeclineDialog
        target={declining}
        busy={reviewTrack.isPending && declining !== null}
        errors={declineErrors}
        onConfirm={(note) => void confirmDecline(note)}
        onClose={() => setDeclining(null)}
      />
    </div>
  );
}

interface TrackSectionProps {
  id: string;
  /** The heading takes the focus when a row acted on has left the list. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  heading: string;
  intro: string;
  count: number;
  /** Said instead of the list when it is empty. */
  empty: string;
  /** The list, labelled by the heading (`id`). */
  children: ReactNode;
}

/** One of the page's two lists: its heading with the count, its introduction, and the list or its empty state. */
function TrackSection({ id, headingRef, heading, intro, count, empty, children }: TrackSectionProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} ref={headingRef} tabIndex={-1} className="font-heavy text-2xl sm:text-3xl">
          {heading} <span className="text-muted">({count})</span>
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {count === 0 ? <ListEmpty>{empty}</ListEmpty> : children}
    </section>
  );
}

function Cover({ track, className }: { track: AdminTrack; className: string }) {
  return (
    <div className={clsx("shrink-0 overflow-hidden rounded-md border-[3px] border-ink bg-paper-deep", className)}>
      {track.cover ? (
        <ResponsiveImage image={track.cover} alt="" sizes="112px" className="size-full" />
      ) : (
        <span aria-hidden="true" className="flex size-full items-center justify-center text-muted">
          <Music className="size-6" strokeWidth={2} />
        </span>
      )}
    </div>
  );
}

interface QueueCardProps {
  track: AdminTrack;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}

function QueueCard({ track, busy, onApprove, onDecline }: QueueCardProps) {
  const headingId = `radio-queue-${track.id}`;
  return (
    <article aria-labelledby={headingId} data-testid="radio-queue-track" className="flex flex-col gap-4 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm sm:p-5">
      <div className="flex min-w-0 items-start gap-4">
        <Cover track={track} className="size-20 sm:size-28" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={headingId} className="font-heavy text-xl leading-tight [overflow-wrap:anywhere] sm:text-2xl">
            {track.title}
          </h3>
          <p className="font-bold [overflow-wrap:anywhere]">{RADIO_TEXT.by(byOf(track))}</p>
          <p className="text-sm text-muted">{RADIO_TEXT.sent(formatWhen(track.created_at))}</p>
        </div>
      </div>
      {track.description && <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{track.description}</p>}
      <TrackFacts track={track} plays={false} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <TrackAudio track={track} />
        <div className="flex flex-wrap gap-2">
          <Button variant="dark" size="sm" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onApprove}>
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
            {RADIO_TEXT.approve}
            <span className="sr-only"> {track.title}</span>
          </Button>
          <Button variant="secondary" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onDecline()}>
            <X aria-hidden="true" className="size-4" strokeWidth={3} />
            {RADIO_TEXT.decline}
            <span className="sr-only"> {track.title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}

interface RotationRowProps {
  track: AdminTrack;
  place: number;
  busy: boolean;
  canUp: boolean;
  canDown: boolean;
  onMove: (direction: Direction) => void;
  onFeature: () => void;
  onTakeOut: () => void;
}

function RotationRow({ track, place, busy, canUp, canDown, onMove, onFeature, onTakeOut }: RotationRowProps) {
  const headingId = `radio-rotation-${track.id}`;
  const guard = (action: () => void) => () => {
    if (!busy) action();
  };
  return (
    <article
      aria-labelledby={headingId}
      data-testid="radio-rotation-track"
      className="flex flex-col gap-3 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm md:flex-row md:items-center md:justify-between"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden="true" className="w-8 shrink-0 text-right font-heavy text-xl tabular-nums">
          {RADIO_TEXT.position(place)}
        </span>
        <Cover track={track} className="size-14" />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere]">
              {track.title}
            </h3>
            {track.source === "house" && <span className={clsx(BADGE, "bg-white")}>{RADIO_TEXT.house}</span>}
            {track.featured && (
              <span className={clsx(BADGE, "inline-flex items-center gap-1 bg-yellow")}>
                <Star aria-hidden="true" className="size-3 fill-ink" strokeWidth={3} />
                {RADIO_TEXT.featured}
              </span>
            )}
          </div>
          <p className="text-sm font-bold [overflow-wrap:anywhere]">{RADIO_TEXT.by(byOf(track))}</p>
          <p className="text-sm text-muted">
            {formatDuration(track.duration_ms)} · {formatPlays(track.plays)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
        <Button
          variant="secondary"
          size="sm"
          data-move={-1}
          disabled={!canUp}
          aria-disabled={busy || undefined}
          aria-label={`${RADIO_TEXT.moveUp}: ${track.title}`}
          onClick={guard(() => onMove(-1))}
        >
          <ArrowUp aria-hidden="true" className="size-4" strokeWidth={3} />
          <span aria-hidden="true" className="max-sm:sr-only">
            {RADIO_TEXT.moveUp}
          </span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          data-move={1}
          disabled={!canDown}
          aria-disabled={busy || undefined}
          aria-label={`${RADIO_TEXT.moveDown}: ${track.title}`}
          onClick={guard(() => onMove(1))}
        >
          <ArrowDown aria-hidden="true" className="size-4" strokeWidth={3} />
          <span aria-hidden="true" className="max-sm:sr-only">
            {RADIO_TEXT.moveDown}
          </span>
        </Button>
        <Button variant="secondary" size="sm" data-feature aria-disabled={busy || undefined} onClick={guard(onFeature)}>
          {/* No icon on a phone, so the four buttons fit one row. */}
          <Star aria-hidden="true" className={clsx("size-4 max-sm:hidden", track.featured && "fill-ink")} strokeWidth={2.75} />
          {track.featured ? RADIO_TEXT.unfeature : RADIO_TEXT.feature}
          <span className="sr-only"> {track.title}</span>
        </Button>
        <Button variant="secondary" size="sm" aria-disabled={busy || undefined} onClick={guard(onTakeOut)}>
          <X aria-hidden="true" className="size-4 max-sm:hidden" strokeWidth={3} />
          {RADIO_TEXT.takeOut}
          <span className="sr-only"> {track.title}</span>
        </Button>
      </div>
    </article>
  );
}
