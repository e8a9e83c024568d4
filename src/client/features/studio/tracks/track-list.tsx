/**
 * The creator's tracks (issue 34, docs/decisions/0033), newest first: each with its review status
 * (the curator's note when declined), length, measured loudness and the gain it plays at, plays,
 * a player to hear it as it was received, Edit details (a dialog) and Withdraw (after a confirm).
 * A refused action says the server's words in the track's own row. The dialogs are a chunk of
 * their own (track-dialogs.tsx), fetched when the browser is idle: the list paints without them.
 */
import { clsx } from "clsx";
import { Music, Pencil, Undo2 } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { TRACK_STATUS_LABELS, type TrackStatus } from "../../../../common/radio";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { TrackAudio, TrackFacts } from "../../../components/tracks/track-parts";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { whenIdle } from "../../../lib/when-idle";
import { useStudioTracks, type StudioTrack } from "./studio-tracks-api";
import { LIST_TEXT } from "./track-texts";

const loadDialogs = () => import("./track-dialogs");
const TrackDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.TrackDialogs })));

const SENT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

const BADGE_TONE: Record<TrackStatus, string> = {
  pending: "bg-yellow-soft",
  rotation: "bg-teal",
  declined: "bg-pink-soft",
  withdrawn: "border-dashed bg-white",
};

export function TrackStatusBadge({ status }: { status: TrackStatus }) {
  return (
    <span
      data-status={status}
      className={clsx("inline-flex items-center rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wider uppercase", BADGE_TONE[status])}
    >
      {TRACK_STATUS_LABELS[status]}
    </span>
  );
}

export function TrackList({ uid, onDone }: { uid: string; onDone: (text: string) => void }) {
  const tracks = useStudioTracks(uid);
  const [editing, setEditing] = useState<StudioTrack | null>(null);
  const [withdrawing, setWithdrawing] = useState<StudioTrack | null>(null);
  /** The dialogs stay mounted once opened, so they close as native dialogs do. */
  const [dialogsWanted, setDialogsWanted] = useState(false);
  /** The last refused action, shown in its track's row. */
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);
  useEffect(() => whenIdle(() => void loadDialogs()), []);

  const items = tracks.data?.items ?? [];
  return (
    <section aria-labelledby="studio-tracks" className="flex flex-col gap-5">
      <h2 id="studio-tracks" className="font-heavy text-3xl sm:text-4xl">
        {LIST_TEXT.heading}
      </h2>
      {tracks.isPending ? (
        <p role="status" className="py-10 text-center text-lg font-bold">
          {LIST_TEXT.loading}
        </p>
      ) : tracks.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{LIST_TEXT.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void tracks.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">{LIST_TEXT.empty}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-labelledby="studio-tracks">
          {items.map((track) => (
            <li key={track.id}>
              <TrackRow
                track={track}
                failure={failure?.id === track.id ? failure.message : null}
                onEdit={() => {
                  setFailure(null);
                  setDialogsWanted(true);
                  setEditing(track);
                }}
                onWithdraw={() => {
                  setFailure(null);
                  setDialogsWanted(true);
                  setWithdrawing(track);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      {dialogsWanted && (
        <Suspense fallback={null}>
          <TrackDialogs
            uid={uid}
            editing={editing}
            withdrawing={withdrawing}
            onCloseEdit={() => setEditing(null)}
            onCloseWithdraw={() => setWithdrawing(null)}
            onDone={onDone}
            onFailure={(id, message) => setFailure({ id, message })}
          />
        </Suspense>
      )}
    </section>
  );
}

interface TrackRowProps {
  track: StudioTrack;
  failure: string | null;
  onEdit: () => void;
  onWithdraw: () => void;
}

function TrackRow({ track, failure, onEdit, onWithdraw }: TrackRowProps) {
  const headingId = `studio-track-${track.id}`;
  const live = track.status === "pending" || track.status === "rotation";
  return (
    <article aria-labelledby={headingId} data-testid="studio-track" className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard lg:p-5">
      <div className="flex min-w-0 items-start gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-md border-[3px] border-ink bg-paper-deep sm:size-28">
          {track.cover ? (
            <ResponsiveImage image={track.cover} alt="" sizes="(min-width: 640px) 112px, 80px" className="size-full" />
          ) : (
            <span aria-hidden="true" className="flex size-full items-center justify-center text-muted">
              <Music className="size-7" strokeWidth={2} />
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <TrackStatusBadge status={track.status} />
            <p className="text-sm font-bold tracking-wide text-muted uppercase">{LIST_TEXT.sent(SENT.format(new Date(track.created_at)))}</p>
          </div>
          <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere] sm:text-2xl">
            {track.title}
          </h3>
          {track.description && <p className="line-clamp-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">{track.description}</p>}
        </div>
      </div>

      {track.status === "declined" && track.decline_note && (
        <div data-testid="decline-note" className="rounded-md border-2 border-ink bg-pink-soft px-3.5 py-3">
          <p className="text-sm font-black tracking-wide uppercase">{LIST_TEXT.note}</p>
          <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{track.decline_note}</p>
        </div>
      )}

      <TrackFacts track={track} />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <TrackAudio track={track} />
        {track.status !== "withdrawn" && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {LIST_TEXT.edit}
              <span className="sr-only"> of {track.title}</span>
            </Button>
            {live && (
              <Button variant="secondary" size="sm" onClick={onWithdraw}>
                <Undo2 aria-hidden="true" className="size-4" strokeWidth={2.75} />
                {LIST_TEXT.withdraw}
                <span className="sr-only"> {track.title}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
    </article>
  );
}
