/**
 * One story, product or creator of the curation list: what the site shows of it (featured, hidden,
 * suspended, a draft) and its actions. Errors stay on the row, in the server's words when it
 * refused (404, 409); a suspension asks first, with an optional note for the audit log.
 */
import { clsx } from "clsx";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { CURATION_NOTE_MAX } from "../../../../common/curation-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextAreaField } from "../../../components/ui/field";
import { creatorPath } from "../../../config/paths";
import { failureMessage, logFailure } from "../../../lib/api";
import { useCurate, useReorderFeatured, type CurationAction } from "./curate";
import type { CurationItem } from "./list-curation";
import { CURATION_TEXT } from "./curation-text";

/** Which move button of which row gets the focus back once the list shows the new order. */
export interface MoveFocus {
  id: string;
  button: "up" | "down";
}

export interface CurationRowProps {
  uid: string;
  item: CurationItem;
  /** The whole featured order of the kind, when the list shows it (Move up / Move down). */
  featuredIds?: string[];
  moveFocus?: MoveFocus["button"];
  onMoved: (button: MoveFocus["button"]) => void;
  onDone: (text: string) => void;
}

function failureText(error: unknown): string {
  return failureMessage(error, CURATION_TEXT.failed500);
}

function Badge({ tone, children }: { tone: "yellow" | "pink" | "white"; children: ReactNode }) {
  return (
    <span
      className={clsx(
        "rounded-full border-2 border-ink px-2 py-0.5 text-xs font-bold text-ink",
        tone === "yellow" ? "bg-yellow" : tone === "pink" ? "bg-pink-soft" : "bg-white",
      )}
    >
      {children}
    </span>
  );
}

export function CurationRow({ uid, item, featuredIds, moveFocus, onMoved, onDone }: CurationRowProps) {
  const curate = useCurate(uid);
  const reorder = useReorderFeatured(uid);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"suspend" | "unsuspend" | null>(null);
  const [note, setNote] = useState("");
  const headingId = useId();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const busy = curate.isPending || reorder.isPending;

  const place = featuredIds ? featuredIds.indexOf(item.id) : -1;
  const canMove = featuredIds !== undefined && place >= 0;
  const first = place === 0;
  const last = featuredIds !== undefined && place === featuredIds.length - 1;

  // The row moved (its node moved with it, and a moved node loses the focus): the button that
  // moved it gets the focus back, so Move up can be pressed again and again.
  useEffect(() => {
    if (moveFocus === "up") upRef.current?.focus();
    if (moveFocus === "down") downRef.current?.focus();
  }, [moveFocus, place]);

  async function run(action: CurationAction, done: string, withNote?: string): Promise<boolean> {
    setError(null);
    try {
      await curate.mutateAsync({ kind: item.kind, id: item.id, action, note: withNote?.trim() || undefined });
      onDone(done);
      return true;
    } catch (failure) {
      logFailure(`curation ${action} failed`, failure);
      setError(failureText(failure));
      return false;
    }
  }

  async function move(button: "up" | "down") {
    if (!featuredIds || busy) return;
    const to = place + (button === "up" ? -1 : 1);
    if (place < 0 || to < 0 || to >= featuredIds.length) return;
    const ids = [...featuredIds];
    [ids[place], ids[to]] = [ids[to]!, ids[place]!];
    setError(null);
    try {
      await reorder.mutateAsync({ kind: item.kind, ids });
      onMoved(button);
      onDone(CURATION_TEXT.moved(item.title, to + 1, ids.length));
    } catch (failure) {
      logFailure("featured order failed", failure);
      setError(failureText(failure));
    }
  }

  async function confirmSuspension() {
    if (!confirming) return;
    const done = confirming === "suspend" ? CURATION_TEXT.suspendedDone(item.title) : CURATION_TEXT.unsuspendedDone(item.title);
    if (await run(confirming, done, note)) {
      setConfirming(null);
      setNote("");
    }
  }

  const featured = item.featured_rank !== null;
  const hidden = item.hidden_at !== null;
  const suspended = item.suspended_at !== null;

  return (
    <article aria-labelledby={headingId} data-testid="curation-row" className="flex flex-col gap-3 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm">
      <div className="flex flex-col gap-1.5">
        <h2 id={headingId} className="text-lg font-black [overflow-wrap:anywhere]">
          {item.public ? (
            <Link to={item.link} className="link-ink text-ink">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted">
          {item.creator && (
            <span>
              {CURATION_TEXT.by}{" "}
              <Link to={creatorPath(item.creator.id)} className="link-ink text-ink">
                {item.creator.artist_name}
              </Link>
            </span>
          )}
          {featured && <Badge tone="yellow">{canMove ? CURATION_TEXT.featured(place + 1) : CURATION_TEXT.featured(item.featured_rank!)}</Badge>}
          {hidden && <Badge tone="pink">{CURATION_TEXT.hidden}</Badge>}
          {suspended && <Badge tone="pink">{item.kind === "creator" ? CURATION_TEXT.suspended : CURATION_TEXT.creatorSuspended}</Badge>}
          {item.draft && <Badge tone="white">{CURATION_TEXT.draft}</Badge>}
          {!item.public && <span className="font-semibold">{CURATION_TEXT.offSite}</span>}
        </p>
      </div>

      <div role="group" aria-label={CURATION_TEXT.actions(item.title)} className="flex flex-wrap gap-2">
        {featured ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run("unfeature", CURATION_TEXT.unfeaturedDone(item.title))}>
            {CURATION_TEXT.unfeature}
          </Button>
        ) : (
          <Button variant="accent" size="sm" disabled={busy} onClick={() => void run("feature", CURATION_TEXT.featuredDone(item.title))}>
            {CURATION_TEXT.feature}
          </Button>
        )}
        {canMove && (
          <>
            {/* aria-disabled, not disabled: a button at the end of the order keeps the focus it had. */}
            <Button ref={upRef} variant="secondary" size="sm" aria-disabled={first || busy || undefined} onClick={() => void move("up")}>
              <ArrowUp aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {CURATION_TEXT.moveUp}
            </Button>
            <Button ref={downRef} variant="secondary" size="sm" aria-disabled={last || busy || undefined} onClick={() => void move("down")}>
              <ArrowDown aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {CURATION_TEXT.moveDown}
            </Button>
          </>
        )}
        {hidden ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run("unhide", CURATION_TEXT.unhiddenDone(item.title))}>
            {CURATION_TEXT.unhide}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run("hide", CURATION_TEXT.hiddenDone(item.title))}>
            {CURATION_TEXT.hide}
          </Button>
        )}
        {item.kind === "creator" && (
          <Button
            variant={suspended ? "secondary" : "dark"}
            size="sm"
            disabled={busy}
            onClick={() => {
              setError(null);
              setConfirming(suspended ? "unsuspend" : "suspend");
            }}
          >
            {suspended ? CURATION_TEXT.unsuspend : CURATION_TEXT.suspend}
          </Button>
        )}
      </div>
      {error && !confirming && <Alert>{error}</Alert>}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === "unsuspend" ? CURATION_TEXT.unsuspendTitle : CURATION_TEXT.suspendTitle}
        confirmLabel={confirming === "unsuspend" ? CURATION_TEXT.confirmUnsuspend : CURATION_TEXT.confirmSuspend}
        busyLabel={confirming === "unsuspend" ? CURATION_TEXT.unsuspending : CURATION_TEXT.suspending}
        busy={curate.isPending}
        onConfirm={() => void confirmSuspension()}
        onClose={() => {
          setConfirming(null);
          setError(null);
        }}
      >
        <div className="flex flex-col gap-4">
          <p>{confirming === "unsuspend" ? CURATION_TEXT.unsuspendBody(item.title) : CURATION_TEXT.suspendBody(item.title)}</p>
          <TextAreaField
            label={CURATION_TEXT.note}
            labelNote={CURATION_TEXT.noteOptional}
            hint={CURATION_TEXT.noteHint}
            value={note}
            maxLength={CURATION_NOTE_MAX}
            rows={3}
            className="[&_textarea]:min-h-24"
            onChange={(event) => setNote(event.target.value)}
          />
          {error && <Alert>{error}</Alert>}
        </div>
      </ConfirmDialog>
    </article>
  );
}
