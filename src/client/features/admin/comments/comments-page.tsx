/**
 * The back office's Comments (curators; issue 33, docs/decisions/0032): Reported, Hidden and All
 * comments, newest first (the filter is in the URL), each with its story, writer, time, text (plain
 * text, as typed), state and open reports; Hide or Unhide; a ban from commenting for its writer;
 * and the bans in force, each with Lift. Outcomes are said in a status line; when the row acted on
 * leaves the list or its button goes, the focus moves to the list's or the bans' heading.
 */
import { clsx } from "clsx";
import { Ban, Eye, EyeOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CommentBanInput } from "../../../../common/api/admin-comments";
import { ADMIN_COMMENT_STATES, type CommentHider } from "../../../../common/comment-moderation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { failureMessage, isApiError } from "../../../lib/api";
import { storyPath } from "../../../config/paths";
import { countOf, formatWhen } from "../shared/format";
import { ListEmpty, ListFailed, ListLoading, LoadMore } from "../shared/list-parts";
import { useUrlFilters } from "../shared/use-url-filters";
import { BanDialog, type BanTarget } from "./ban-dialog";
import {
  useAdminComments,
  useBanFromCommenting,
  useCommentBans,
  useLiftCommentBan,
  useMoveComment,
  type AdminComment,
  type AdminCommentState,
} from "./moderate-comments";

export const COMMENTS_TEXT = {
  filters: { reported: "Reported", hidden: "Hidden", all: "All" } satisfies Record<AdminCommentState, string>,
  filtersLabel: "Comments by state",
  heading: { reported: "Reported comments", hidden: "Hidden comments", all: "All comments" } satisfies Record<AdminCommentState, string>,
  loading: "Loading comments...",
  failed: "The comments could not be loaded.",
  empty: {
    reported: "No comment is waiting for a decision.",
    hidden: "No comment is hidden.",
    all: "Nobody has commented yet.",
  } satisfies Record<AdminCommentState, string>,
  on: "On",
  deletedAccount: "Deleted account",
  deletedText: "Its writer deleted this comment.",
  state: {
    visible: "Visible",
    deleted: "Deleted",
  },
  hiddenBy: { author: "Hidden by the story's author", staff: "Hidden by staff", reports: "Hidden by reports" } satisfies Record<CommentHider, string>,
  reports: (n: number) => countOf(n, "open report", "open reports"),
  bannedUntil: (until: string | null) => (until ? `Banned until ${formatWhen(until)}` : "Banned for good"),
  hide: "Hide",
  unhide: "Unhide",
  ban: "Ban from commenting",
  hidden: "Comment hidden.",
  shown: "Comment shown again.",
  moveFailed: "That did not work. Please try again.",
  banned: (name: string, hidden: number) => `${name} is banned from commenting.${hidden > 0 ? ` ${countOf(hidden, "comment")} hidden.` : ""}`,
  banFailed: "The ban could not be saved. Check your connection and try again.",
  bansHeading: "Banned from commenting",
  bansLoading: "Loading bans...",
  bansFailed: "The bans could not be loaded.",
  noBans: "Nobody is banned from commenting.",
  bannedBy: (by: string | null, when: string) => `By ${by ?? "a former curator"} · ${when}`,
  forGood: "For good",
  until: (when: string) => `Until ${when}`,
  lift: "Lift",
  lifted: (name: string) => `${name} may comment again.`,
} as const;

const STATE_PARAM = "state";

function stateOf(value: string): AdminCommentState {
  return ADMIN_COMMENT_STATES.find((s) => s === value) ?? "reported";
}

function Badge({ children, tone = "plain" }: { children: string; tone?: "plain" | "warn" }) {
  return (
    <span
      className={clsx(
        "rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wide uppercase",
        tone === "warn" ? "bg-pink-soft" : "bg-white",
      )}
    >
      {children}
    </span>
  );
}

export function CommentsPage({ uid }: { uid: string }) {
  const [filters] = useUrlFilters([STATE_PARAM]);
  const state = stateOf(filters[STATE_PARAM]);
  const comments = useAdminComments(uid, state);
  const bans = useCommentBans(uid);
  const move = useMoveComment(uid);
  const banMember = useBanFromCommenting(uid);
  const lift = useLiftCommentBan(uid);
  const [notice, setNotice] = useState<{ text: string; error?: true } | null>(null);
  const [banning, setBanning] = useState<BanTarget | null>(null);
  const [banErrors, setBanErrors] = useState<{ note?: string; form?: string }>({});
  // Focus moves once the dialog has closed (its effect runs first, as a child's does).
  const [focusNext, setFocusNext] = useState<"list" | "bans" | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const bansHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusNext === null) return;
    (focusNext === "list" ? listHeading : bansHeading).current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  /** The status line (a live region that is always there) says it: nothing else announces it. */
  function say(text: string, error?: true) {
    setNotice(error ? { text, error } : { text });
  }

  async function moveComment(comment: AdminComment, action: "hide" | "unhide") {
    try {
      await move.mutateAsync({ id: comment.id, action });
      say(action === "hide" ? COMMENTS_TEXT.hidden : COMMENTS_TEXT.shown);
      // Shown again, it leaves the Hidden list: the focus goes to the list's heading.
      if (action === "unhide" && state === "hidden") setFocusNext("list");
    } catch (error) {
      say(failureMessage(error, COMMENTS_TEXT.moveFailed), true);
    }
  }

  async function confirmBan(ban: CommentBanInput) {
    if (!banning) return;
    setBanErrors({});
    try {
      const done = await banMember.mutateAsync({ userId: banning.userId, ban });
      setBanning(null);
      say(COMMENTS_TEXT.banned(banning.name, done.hidden));
      setFocusNext("bans");
    } catch (error) {
      if (isApiError(error) && error.fields.note) setBanErrors({ note: error.fields.note });
      else setBanErrors({ form: failureMessage(error, COMMENTS_TEXT.banFailed) });
    }
  }

  async function liftBan(userId: string, name: string) {
    try {
      await lift.mutateAsync(userId);
      say(COMMENTS_TEXT.lifted(name));
      setFocusNext("bans");
    } catch (error) {
      say(failureMessage(error, COMMENTS_TEXT.moveFailed), true);
    }
  }

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="comments-list" className="flex flex-col gap-6">
        <nav aria-label={COMMENTS_TEXT.filtersLabel}>
          <ul className="flex flex-wrap gap-2">
            {ADMIN_COMMENT_STATES.map((s) => (
              <li key={s}>
                <Link
                  to={{ search: s === "reported" ? "" : `?${STATE_PARAM}=${s}` }}
                  aria-current={s === state ? "page" : undefined}
                  onClick={() => setNotice(null)}
                  className={clsx(
                    "inline-flex min-h-10 items-center rounded-full border-[3px] border-ink px-4 text-sm font-black tracking-wide uppercase no-underline",
                    s === state ? "bg-ink text-paper" : "bg-white text-ink hover:bg-yellow-soft",
                  )}
                >
                  {COMMENTS_TEXT.filters[s]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <h2 id="comments-list" ref={listHeading} tabIndex={-1} className="sr-only">
          {COMMENTS_TEXT.heading[state]}
        </h2>

        <div role="status" className="empty:hidden">
          {notice && <Alert tone={notice.error ? "error" : "success"}>{notice.text}</Alert>}
        </div>

        {comments.isPending ? (
          <ListLoading text={COMMENTS_TEXT.loading} />
        ) : comments.isError ? (
          <ListFailed text={COMMENTS_TEXT.failed} onRetry={() => void comments.refetch()} />
        ) : items.length === 0 ? (
          <ListEmpty>{COMMENTS_TEXT.empty[state]}</ListEmpty>
        ) : (
          <ul className="flex flex-col gap-4" aria-labelledby="comments-list">
            {items.map((comment) => (
              <li key={comment.id}>
                <CommentCard
                  comment={comment}
                  busy={move.isPending}
                  onMove={(action) => void moveComment(comment, action)}
                  onBan={(target) => {
                    setBanErrors({});
                    setBanning(target);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore hasNextPage={comments.hasNextPage} isFetchingNextPage={comments.isFetchingNextPage} fetchNextPage={comments.fetchNextPage} />
      </section>

      <section aria-labelledby="comment-bans" className="flex flex-col gap-4">
        <h2 id="comment-bans" ref={bansHeading} tabIndex={-1} className="font-heavy text-2xl">
          {COMMENTS_TEXT.bansHeading}
        </h2>
        {bans.isPending ? (
          <ListLoading text={COMMENTS_TEXT.bansLoading} />
        ) : bans.isError ? (
          <ListFailed text={COMMENTS_TEXT.bansFailed} onRetry={() => void bans.refetch()} />
        ) : bans.data.items.length === 0 ? (
          <ListEmpty>{COMMENTS_TEXT.noBans}</ListEmpty>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby="comment-bans">
            {bans.data.items.map((ban) => (
              <li key={ban.user_id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-bold [overflow-wrap:anywhere]">
                    {ban.name} <span className="font-semibold text-muted">{ban.email}</span>
                  </p>
                  <p className="text-sm font-bold">{ban.until ? COMMENTS_TEXT.until(formatWhen(ban.until)) : COMMENTS_TEXT.forGood}</p>
                  {ban.note && <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{ban.note}</p>}
                  <p className="text-sm text-muted [overflow-wrap:anywhere]">{COMMENTS_TEXT.bannedBy(ban.created_by_email, formatWhen(ban.created_at))}</p>
                </div>
                <Button variant="secondary" size="sm" disabled={lift.isPending} aria-label={`${COMMENTS_TEXT.lift} the ban of ${ban.name}`} onClick={() => void liftBan(ban.user_id, ban.name)}>
                  {COMMENTS_TEXT.lift}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <BanDialog target={banning} busy={banMember.isPending} errors={banErrors} onConfirm={(ban) => void confirmBan(ban)} onClose={() => setBanning(null)} />
    </div>
  );
}

function CommentCard({
  comment,
  busy,
  onMove,
  onBan,
}: {
  comment: AdminComment;
  busy: boolean;
  onMove: (action: "hide" | "unhide") => void;
  onBan: (target: BanTarget) => void;
}) {
  const headingId = `admin-comment-${comment.id}`;
  const { author } = comment;
  const name = author?.name ?? COMMENTS_TEXT.deletedAccount;
  const hidden = comment.state === "hidden";
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-comment"
      className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-5 lg:flex-row lg:items-start"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {comment.state === "deleted" ? (
            <Badge>{COMMENTS_TEXT.state.deleted}</Badge>
          ) : hidden ? (
            <Badge tone="warn">{COMMENTS_TEXT.hiddenBy[comment.hidden_by ?? "staff"]}</Badge>
          ) : (
            <Badge>{COMMENTS_TEXT.state.visible}</Badge>
          )}
          {comment.open_reports > 0 && <span className="text-sm font-black">{COMMENTS_TEXT.reports(comment.open_reports)}</span>}
          {author?.banned && <Badge tone="warn">{COMMENTS_TEXT.bannedUntil(author.banned_until)}</Badge>}
        </div>
        <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere]">
          {COMMENTS_TEXT.on}{" "}
          <Link to={storyPath(comment.story.id)} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
            {comment.story.title}
          </Link>
        </h3>
        <p className="text-sm text-muted [overflow-wrap:anywhere]">
          <span className="font-bold text-ink">{name}</span>
          {author && ` · ${author.email}`} ·{" "}
          <Link to={comment.path} className="underline underline-offset-2">
            <time dateTime={comment.created_at}>{formatWhen(comment.created_at)}</time>
          </Link>
        </p>
        {comment.state === "deleted" ? (
          <p className="text-base text-muted italic">{COMMENTS_TEXT.deletedText}</p>
        ) : (
          <p className="border-l-4 border-ink/30 pl-3 text-base whitespace-pre-line [overflow-wrap:anywhere]">{comment.body}</p>
        )}
      </div>
      {comment.state !== "deleted" && (
        <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
          <Button
            variant={hidden ? "secondary" : "dark"}
            size="sm"
            // aria-disabled, not disabled: a disabled button would drop the focus it has.
            aria-disabled={busy || undefined}
            aria-label={`${hidden ? COMMENTS_TEXT.unhide : COMMENTS_TEXT.hide} the comment by ${name}`}
            onClick={() => {
              if (!busy) onMove(hidden ? "unhide" : "hide");
            }}
          >
            {hidden ? <Eye aria-hidden="true" className="size-4" strokeWidth={2.75} /> : <EyeOff aria-hidden="true" className="size-4" strokeWidth={2.75} />}
            {hidden ? COMMENTS_TEXT.unhide : COMMENTS_TEXT.hide}
          </Button>
          {author && author.role === "member" && !author.banned && (
            <Button variant="secondary" size="sm" aria-label={`${COMMENTS_TEXT.ban}: ${name}`} onClick={() => onBan({ userId: author.id, name })}>
              <Ban aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {COMMENTS_TEXT.ban}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
