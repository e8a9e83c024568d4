/**
 * A member's part of a story's comments (issue 33), loaded by comments-section.tsx once the
 * session says the reader is signed in, so a visitor's story page never downloads it: what of the
 * comments is theirs (GET /api/me/comments), liking, the forms (a new comment, a reply, an edit),
 * Edit and Delete on their own, and, for the story's author, Hide / Unhide and the switch that
 * turns the story's comments on or off.
 *
 * It renders nothing where it is mounted: it hands the section what it needs (`Member`) and the
 * section puts each piece in its place, so the list the server rendered stays as it is.
 *
 * The form counts as the server does (line breaks as \n, trimmed) against COMMENT_MAX and says so
 * plainly beyond it; nothing that goes wrong empties it: a refusal (too fast, banned, comments
 * turned off, the server's own check of the text) shows the server's words above what was typed.
 */
import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { COMMENT_MAX, COMMENT_MESSAGES as M } from "../../../../common/comments";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { api, failureMessage, isApiError, logFailure } from "../../../lib/api";
import { commentsKey, enc, type Comment, type CommentItem } from "../api/comment-list";
import { addComment, addMine, myCommentsKey, patchComment, patchListMeta, setCommentsOpen, setHidden, setLike, useMyComments } from "../api/member";
import { commentTime, ENTRY_BUTTON, thousands } from "../lib/format";

/** Which form: a new thread, a reply (to a comment or a reply, kept in the thread), or an edit. */
export type FormTarget =
  | { kind: "new" }
  | { kind: "reply"; threadId: string; to: { id: string; name: string } }
  | { kind: "edit"; comment: CommentItem };

export interface FormHandlers {
  /** What was typed before the form was last closed. */
  draft: string;
  onDraft: (text: string) => void;
  /** Posted or saved: the form closes and the page goes to the comment. */
  onDone: (comment: CommentItem) => void;
  onCancel: () => void;
}

/** What the section gets from here. */
export interface Member {
  /** The comments of the story the member likes. */
  liked: readonly string[];
  /** Why the member cannot comment (a curator's ban), or null. */
  banned: string | null;
  /** Their own comments hidden from everyone else, which they still see, each drawn by `entry`. */
  hidden: (entry: (comment: Comment) => ReactNode) => ReactNode;
  /** Likes the comment, or takes the like back. */
  like: (comment: CommentItem) => void;
  /** Edit and Delete on their own, Hide / Unhide for the story's author. */
  actions: (comment: CommentItem, onEdit: (comment: CommentItem) => void) => ReactNode;
  form: (target: FormTarget, handlers: FormHandlers) => ReactNode;
  /** The author's switch above the comments. */
  top: ReactNode;
}

type Notify = (message: string, tone?: "error") => void;

const FAILED = "That did not work. Please try again.";

export interface MemberCommentsProps {
  storyId: string;
  uid: string;
  /** Whether the story's comments are on. */
  open: boolean;
  onNotice: Notify;
  /** Called with the member's part once their comments are known (null until then, and when it goes). */
  onReady: (member: Member | null) => void;
}

export function MemberComments({ storyId, uid, open, onNotice, onReady }: MemberCommentsProps) {
  const queryClient = useQueryClient();
  const mine = useMyComments(uid, storyId).data;

  const member = useMemo<Member | null>(() => {
    if (!mine) return null;
    const fail = (what: string) => (error: unknown) => {
      logFailure(what, error);
      onNotice(failureMessage(error, FAILED), "error");
    };
    return {
      liked: mine.liked,
      banned: mine.banned ? M.banned(mine.banned_until ? commentTime(mine.banned_until, null) : null) : null,
      hidden: (entry) =>
        mine.hidden.length > 0 && (
          <ol aria-label="Your hidden comments" className="flex flex-col gap-4">
            {mine.hidden.map((hidden) => (
              <li key={hidden.id} className="rounded-md border-[3px] border-dashed border-ink p-3">
                <p className="mb-2 text-sm font-bold text-muted">Hidden: only you can see this comment.</p>
                {entry(hidden)}
              </li>
            ))}
          </ol>
        ),
      like: (comment) => void setLike(queryClient, uid, storyId, comment, !mine.liked.includes(comment.id)).catch(fail("Could not change the like")),
      actions(comment, onEdit) {
        const own = mine.mine.includes(comment.id) && comment.state === "visible";
        if (!own && !mine.can_moderate) return null;
        const hide = (hidden: boolean) =>
          void setHidden(queryClient, storyId, comment, hidden).then(
            () => onNotice(hidden ? "The comment is hidden." : "The comment is shown again."),
            fail("Could not hide the comment"),
          );
        return (
          <>
            {own && !mine.banned && (
              <button type="button" className={ENTRY_BUTTON} onClick={() => onEdit(comment)}>
                Edit
              </button>
            )}
            {own && <DeleteButton storyId={storyId} comment={comment} onNotice={onNotice} />}
            {mine.can_moderate && (
              <button type="button" className={ENTRY_BUTTON} onClick={() => hide(comment.state !== "hidden")}>
                {comment.state === "hidden" ? "Unhide" : "Hide"}
              </button>
            )}
          </>
        );
      },
      form: (target, handlers) => <CommentForm key={target.kind} storyId={storyId} uid={uid} target={target} {...handlers} />,
      top: mine.can_moderate && <OpenSwitch storyId={storyId} open={open} onNotice={onNotice} />,
    };
  }, [mine, open, queryClient, uid, storyId, onNotice]);

  useEffect(() => onReady(member), [member, onReady]);
  useEffect(() => () => onReady(null), [onReady]);
  return null;
}

/** The text as the server keeps it and counts it: line breaks as \n, trimmed. */
export function commentBody(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/** "1,234 / 2,000". */
export function counterText(length: number): string {
  return `${thousands(length)} / ${thousands(COMMENT_MAX)}`;
}

const LABELS = {
  new: { label: "Your comment", submit: "Post comment", busy: "Posting..." },
  reply: { label: "Your reply", submit: "Post reply", busy: "Posting..." },
  edit: { label: "Edit your comment", submit: "Save", busy: "Saving..." },
} as const;

export interface CommentFormProps extends FormHandlers {
  storyId: string;
  uid: string;
  target: FormTarget;
}

export function CommentForm({ storyId, uid, target, draft, onDraft, onDone, onCancel }: CommentFormProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(() => (target.kind === "edit" ? draft || target.comment.body : draft));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = commentBody(text).length;
  const over = length - COMMENT_MAX;
  const labels = LABELS[target.kind];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = commentBody(text);
    if (body === "") return setError(M.bodyRequired);
    if (body.length > COMMENT_MAX) return setError(M.tooLong);
    setBusy(true);
    setError(null);
    try {
      let saved: Comment;
      if (target.kind === "edit") {
        saved = await api<Comment>(`/api/comments/${enc(target.comment.id)}`, { method: "PATCH", body: { body } });
        patchComment(queryClient, storyId, saved.id, (item) => ({ ...item, body: saved.body, edited_at: saved.edited_at, state: saved.state }));
      } else {
        saved = await api<Comment>(`/api/stories/${enc(storyId)}/comments`, {
          method: "POST",
          body: { body, reply_to: target.kind === "reply" ? target.to.id : null },
        });
        addComment(queryClient, storyId, saved);
        addMine(queryClient, uid, storyId, saved.id);
      }
      onDraft("");
      onDone(saved);
    } catch (failure) {
      logFailure("Could not save the comment", failure);
      // The server's own words, on the text where it names it; what was typed stays.
      setError((isApiError(failure) && failure.fields.body) || failureMessage(failure, M.failed));
      if (isApiError(failure) && (failure.status === 403 || failure.status === 404)) {
        // Banned, comments turned off, or the comment answered is gone: the page catches up.
        void queryClient.invalidateQueries({ queryKey: myCommentsKey(uid, storyId) });
        void queryClient.invalidateQueries({ queryKey: commentsKey(storyId) });
      }
    } finally {
      setBusy(false);
    }
  }

  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={labels.label} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-bold">
        {labels.label}
        {target.kind === "reply" && ` to ${target.to.name}`}
      </label>
      {error && (
        <Alert>
          <span id={errorId}>{error}</span>
        </Alert>
      )}
      <textarea
        id={id}
        // The form opened because the reader asked to write: the text goes here next.
        autoFocus
        rows={4}
        value={text}
        readOnly={busy}
        aria-invalid={over > 0 || error !== null || undefined}
        aria-describedby={error ? `${countId} ${errorId}` : countId}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onDraft(event.currentTarget.value);
        }}
        className={clsx(
          "min-h-28 w-full rounded-md border-[3px] bg-white px-3.5 py-3 text-base shadow-hard-sm",
          over > 0 ? "border-danger" : "border-ink",
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={countId} data-testid="comment-counter" className={clsx("text-sm font-bold tabular-nums", over > 0 ? "text-danger" : "text-muted")}>
          {counterText(length)}
          {over > 0 && ` · ${thousands(over)} over the limit. ${M.tooLong}.`}
        </p>
        <div className="flex gap-2">
          <Button type="submit" size="sm" aria-busy={busy || undefined}>
            {busy ? labels.busy : labels.submit}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Delete, asked first; a comment with replies leaves 'Comment deleted' in its place. */
function DeleteButton({ storyId, comment, onNotice }: { storyId: string; comment: CommentItem; onNotice: Notify }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      const answer = await api<{ placeholder: boolean }>(`/api/comments/${enc(comment.id)}`, { method: "DELETE" });
      setAsking(false);
      patchComment(queryClient, storyId, comment.id, (item) => (answer.placeholder ? { ...item, state: "deleted", body: "" } : null));
      patchListMeta(queryClient, storyId, -1);
      onNotice("Your comment is deleted.");
    } catch (failure) {
      logFailure("Could not delete the comment", failure);
      onNotice(failureMessage(failure, FAILED), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={ENTRY_BUTTON} onClick={() => setAsking(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={asking}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        <p>It is removed for everyone. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

/** The story's author turns its comments on or off; what was written stays readable. */
function OpenSwitch({ storyId, open, onNotice }: { storyId: string; open: boolean; onNotice: Notify }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  function change(next: boolean) {
    setBusy(true);
    setCommentsOpen(queryClient, storyId, next)
      .then(
        () => onNotice(next ? "Comments are on." : "Comments are off."),
        (error: unknown) => {
          logFailure("Could not change the comments", error);
          onNotice(failureMessage(error, FAILED), "error");
        },
      )
      .finally(() => setBusy(false));
  }
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={open}
        disabled={busy}
        onChange={(event) => change(event.currentTarget.checked)}
        className="size-6 shrink-0 cursor-pointer accent-ink disabled:cursor-not-allowed"
      />
      <label htmlFor={id} className="cursor-pointer font-bold">
        Comments on
      </label>
    </div>
  );
}
