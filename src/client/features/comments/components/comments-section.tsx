/**
 * The comments under a published story (issue 33). The list is public and the same for everyone,
 * so the server renders its first page with the story (its query sits under the public stories
 * key). What is a member's own (their likes, their comments, a ban, the author's controls) and
 * every form load after, for a member only (member-comments.tsx): a visitor's page never
 * downloads them.
 *
 * Like, Reply and Comment work the moment they show: a tap before the page is hydrated is replayed
 * by the boot script (early-input.ts), and one before the session or the member's part is ready
 * is kept here and carried out once it is, as the follow button does.
 */
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Heart, MessageCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { COMMENT_DELETED, COMMENT_HIDDEN, COMMENT_SORT_LABELS, COMMENT_SORTS, type CommentSort } from "../../../../common/comments";
import { Button, buttonClasses } from "../../../components/ui/button";
import { creatorPath, paths, storyPath } from "../../../config/paths";
import { useServerRendered } from "../../../hooks/use-server-rendered";
import { withReturnPath } from "../../../lib/return-path";
import { commentListOptions, repliesOptions, type Comment, type CommentItem } from "../api/comment-list";
import { CommentText } from "../lib/comment-text";
import { commentsText, commentTime, ENTRY_BUTTON, LIKED_BUTTON, thousands } from "../lib/format";
import type { FormTarget, Member } from "./member-comments";

const MemberComments = lazy(() => import("./member-comments").then((m) => ({ default: m.MemberComments })));

export interface CommentsSectionProps {
  storyId: string;
  /** The signed-in account's id; null for a visitor; undefined while the session is being read. */
  uid: string | null | undefined;
  /** Says what happened (the page's notice). */
  onNotice: (message: string, tone?: "error") => void;
}

/** A tap that came before it could be carried out. */
type Intent = { kind: "comment" } | { kind: "like" | "reply"; comment: CommentItem; threadId: string };

/** What each entry needs from the section. */
interface Context {
  storyId: string;
  member: Member | null;
  open: boolean;
  form: FormTarget | null;
  now: number | null;
  act: (intent: Intent) => void;
  renderForm: (target: FormTarget) => ReactNode;
  edit: (comment: CommentItem) => void;
}

const formKey = (target: FormTarget) => (target.kind === "new" ? "new" : target.kind === "reply" ? `reply:${target.to.id}` : `edit:${target.comment.id}`);

/** Unique by id, in the order first seen (a page loaded later may repeat what was just posted). */
function unique<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

export function CommentsSection({ storyId, uid, onNotice }: CommentsSectionProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const serverRendered = useServerRendered();
  const sortId = useId();
  const [sort, setSort] = useState<CommentSort>("oldest");
  const list = useInfiniteQuery({ ...commentListOptions(storyId, sort), placeholderData: keepPreviousData });
  const [member, setMember] = useState<Member | null>(null);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [queued, setQueued] = useState<Intent | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // What was typed in each form, kept while it is closed (another Reply opened, Cancel).
  const drafts = useRef(new Map<string, string>());

  const first = list.data?.pages[0];
  const open = first?.open ?? true;
  const ready = uid === null || (uid !== undefined && member !== null);

  function act(intent: Intent) {
    if (!ready) return setQueued(intent);
    if (!member) {
      // A visitor subscribes first, and comes back to where they were.
      const anchor = intent.kind === "comment" ? "comments" : `comment-${intent.comment.id}`;
      return void navigate(withReturnPath(paths.subscribe, `${storyPath(storyId)}#${anchor}`));
    }
    if (member.banned) return onNotice(member.banned, "error");
    if (intent.kind === "comment") setForm({ kind: "new" });
    else if (intent.kind === "reply") setForm({ kind: "reply", threadId: intent.threadId, to: { id: intent.comment.id, name: intent.comment.author.name } });
    else member.like(intent.comment);
  }

  // The tap that came first, once the session and the member's part are known. A like asked for
  // a like (the button said Like): already liked, it is done.
  useEffect(() => {
    if (!queued || !ready) return;
    setQueued(null);
    if (queued.kind !== "like" || !member?.liked.includes(queued.comment.id)) act(queued);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the tap or what it waits for arrives, once
  }, [queued, ready]);

  // An e-mail's link (#comment-<id>) or the way back from subscribing (#comments): a page opened
  // inside the app starts at the top (RootLayout), so go there once the comments are shown.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !first || !location.hash.startsWith("#comment")) return;
    arrived.current = true;
    const frame = requestAnimationFrame(() => document.getElementById(location.hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [first, location.hash]);

  const context: Context = {
    storyId,
    member,
    open,
    form,
    // The server's HTML and its hydration show the day in UTC; the browser's next render says how long ago.
    now: serverRendered ? null : Date.now(),
    act,
    edit: (comment) => setForm({ kind: "edit", comment }),
    renderForm: (target) =>
      member?.form(target, {
        draft: drafts.current.get(formKey(target)) ?? "",
        onDraft: (text) => drafts.current.set(formKey(target), text),
        onCancel: () => setForm(null),
        onDone(posted) {
          drafts.current.delete(formKey(target));
          setForm(null);
          onNotice(target.kind === "edit" ? "Your comment is saved." : "Your comment is posted.");
          setFocusId(posted.id);
        },
      }),
  };

  const items = unique(list.data?.pages.flatMap((page) => page.items) ?? []);

  // The comment just saved takes the focus once it is on the page: React shows the list's new
  // data in a render of its own, which may come after the next frame on a busy device.
  useEffect(() => {
    if (!focusId) return;
    const saved = document.getElementById(`comment-${focusId}`);
    if (!saved) return;
    saved.focus();
    setFocusId(null);
  }, [focusId, items]);
  const button = buttonClasses({ variant: "primary", size: "sm" });
  const comment = (
    <>
      <MessageCircle aria-hidden="true" className="size-4" strokeWidth={2.75} />
      Comment
    </>
  );

  return (
    <section id="comments" aria-labelledby="comments-title" className="flex scroll-mt-24 flex-col gap-6 border-t-[3px] border-ink pt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="comments-title" className="font-heavy text-3xl">
          {first?.count ? commentsText(first.count) : "Comments"}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-bold">
            Sort
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value as CommentSort)}
            className="min-h-9 rounded-md border-[3px] border-ink bg-white px-2 text-sm font-bold"
          >
            {COMMENT_SORTS.map((value) => (
              <option key={value} value={value}>
                {COMMENT_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {uid && (
        <Suspense fallback={null}>
          <MemberComments storyId={storyId} uid={uid} open={open} onNotice={onNotice} onReady={setMember} />
        </Suspense>
      )}
      {member?.top}

      {!open ? (
        <p className="font-bold text-muted">Comments are turned off for this story.</p>
      ) : member?.banned ? (
        <p className="rounded-md border-[3px] border-ink bg-pink-soft px-3.5 py-3 font-bold">{member.banned}</p>
      ) : form?.kind === "new" ? (
        context.renderForm(form)
      ) : uid === null ? (
        <div className="flex flex-wrap items-center gap-3">
          {/* A link for a visitor: it works before the app has loaded and without JavaScript. */}
          <Link to={withReturnPath(paths.subscribe, `${storyPath(storyId)}#comments`)} className={button}>
            {comment}
          </Link>
          <p className="text-sm font-bold text-muted">Subscribe for free to join the conversation.</p>
        </div>
      ) : (
        <div>
          <button type="button" className={button} aria-busy={queued?.kind === "comment" || undefined} onClick={() => act({ kind: "comment" })}>
            {comment}
          </button>
        </div>
      )}

      {member?.hidden((hidden) => <Entry comment={hidden} threadId={hidden.parent_id ?? hidden.id} context={context} />)}

      {list.isPending ? (
        <p role="status" className="font-bold text-muted">
          Loading comments...
        </p>
      ) : list.isError && !list.data ? (
        <p role="alert" className="font-bold">
          The comments could not be loaded.{" "}
          <button type="button" className="link-ink" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        open && <p className="text-muted">No comments yet.</p>
      ) : (
        <ol className={clsx("flex flex-col gap-6", list.isPlaceholderData && "opacity-60")}>
          {items.map((item) => (
            <li key={item.id}>
              <Thread comment={item} context={context} />
            </li>
          ))}
        </ol>
      )}

      {list.hasNextPage && (
        <div>
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "Loading..." : "More comments"}
          </Button>
        </div>
      )}
    </section>
  );
}

/** A thread: the comment, its replies (the first few, then 'More replies'), and a reply being written. */
function Thread({ comment, context }: { comment: Comment; context: Context }) {
  const [expanded, setExpanded] = useState(false);
  const more = useInfiniteQuery({ ...repliesOptions(context.storyId, comment.id), enabled: expanded });
  const replies = unique([...comment.replies, ...(more.data?.pages.flatMap((page) => page.items) ?? [])]).sort((a, b) =>
    a.created_at.localeCompare(b.created_at),
  );
  const loading = expanded && (more.isPending || more.isFetchingNextPage);
  const hasMore = expanded ? more.hasNextPage || loading : comment.reply_count > comment.replies.length;
  const replying = context.form?.kind === "reply" && context.form.threadId === comment.id ? context.form : null;
  return (
    <div className="flex flex-col gap-4">
      <Entry comment={comment} threadId={comment.id} context={context} />
      {(replies.length > 0 || hasMore || replying) && (
        <div className="ml-3 flex flex-col gap-4 border-l-[3px] border-ink pl-4 sm:ml-6 sm:pl-6">
          {replies.length > 0 && (
            <ol aria-label={`Replies to ${comment.author.name}`} className="flex flex-col gap-4">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <Entry comment={reply} threadId={comment.id} context={context} />
                </li>
              ))}
            </ol>
          )}
          {hasMore && (
            <div>
              <Button variant="secondary" size="sm" disabled={loading} onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}>
                {loading ? "Loading..." : "More replies"}
              </Button>
            </div>
          )}
          {replying && context.renderForm(replying)}
        </div>
      )}
    </div>
  );
}

/** One comment or reply: who, when, the text (inert), and what the reader may do with it. */
function Entry({ comment, threadId, context }: { comment: CommentItem; threadId: string; context: Context }) {
  const { member } = context;
  const liked = member?.liked.includes(comment.id) ?? false;
  const editing = context.form?.kind === "edit" && context.form.comment.id === comment.id ? context.form : null;
  const author = comment.author;
  const actions = member?.actions(comment, context.edit);

  if (comment.state !== "visible" && comment.body === "") {
    return (
      <article id={`comment-${comment.id}`} tabIndex={-1} className="flex scroll-mt-24 flex-wrap items-center gap-3">
        <p className="font-bold text-muted italic">{comment.state === "deleted" ? COMMENT_DELETED : COMMENT_HIDDEN}</p>
        {actions}
      </article>
    );
  }

  return (
    <article id={`comment-${comment.id}`} tabIndex={-1} aria-label={`Comment by ${author.name}`} className="flex scroll-mt-24 flex-col gap-2">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="text-base font-black">
          {author.creator_id ? (
            <Link to={creatorPath(author.creator_id)} className="link-ink">
              {author.name}
            </Link>
          ) : (
            author.name
          )}
        </span>
        {author.is_story_author && <span className="rounded-sm border-2 border-ink bg-teal px-1.5 text-xs font-black uppercase">Author</span>}
        {comment.reply_to && (
          <span className="font-bold text-muted">
            <span aria-hidden="true">↪ </span>
            <span className="sr-only">replying to </span>
            {comment.reply_to.name}
          </span>
        )}
        <time dateTime={comment.created_at} className="text-muted">
          {commentTime(comment.created_at, context.now)}
        </time>
        {comment.edited_at && <span className="text-muted">edited</span>}
        {comment.state === "hidden" && <span className="rounded-sm border-2 border-ink bg-yellow px-1.5 text-xs font-black uppercase">Hidden</span>}
      </header>

      {editing ? context.renderForm(editing) : <CommentText text={comment.body} />}

      {!editing && (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={liked}
            aria-label={`Like, ${thousands(comment.like_count)} ${comment.like_count === 1 ? "like" : "likes"}`}
            onClick={() => context.act({ kind: "like", comment, threadId })}
            className={liked ? LIKED_BUTTON : ENTRY_BUTTON}
          >
            <Heart aria-hidden="true" className={clsx("size-4", liked && "fill-ink")} strokeWidth={2.5} />
            <span aria-hidden="true">{thousands(comment.like_count)}</span>
          </button>
          {context.open && comment.state === "visible" && !member?.banned && (
            <button type="button" className={ENTRY_BUTTON} onClick={() => context.act({ kind: "reply", comment, threadId })}>
              Reply<span className="sr-only">{` to ${author.name}`}</span>
            </button>
          )}
          {actions}
        </div>
      )}
    </article>
  );
}
