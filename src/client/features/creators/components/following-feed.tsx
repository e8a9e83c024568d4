/**
 * /home's 'New from creators you follow' (issue 32, docs/decisions/0030): the followed creators'
 * latest stories and drops, newest first, a page at a time (Show more); an invitation to the
 * directory while the account follows no one.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { Feed, FeedItem } from "../../../../common/api/follows";
import { buttonClasses } from "../../../components/ui/button";
import { creatorPath, paths, storyPath } from "../../../config/paths";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

const TEXT = {
  title: "New from creators you follow",
  empty: "Follow creators to see their new stories and drops here.",
  directory: "Find creators to follow",
  more: "Show more",
  loading: "Loading...",
  failed: "We could not load your feed. Please try again.",
  retry: "Try again",
} as const;

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function itemPath(item: FeedItem): string {
  return item.kind === "story" ? storyPath(item.id) : `${paths.store}?productId=${encodeURIComponent(item.id)}`;
}

function FeedCard({ item }: { item: FeedItem }) {
  const label = item.kind === "story" ? "Story" : item.upcoming ? "Drop soon" : "Drop";
  return (
    <article className="flex flex-col gap-2 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm font-bold">
        <span className={`rounded-sm border-2 border-ink px-1.5 py-0.5 text-xs tracking-wider uppercase ${item.kind === "story" ? "bg-pink-soft" : "bg-yellow"}`}>{label}</span>
        <time dateTime={item.at} className="text-muted">
          {DATE.format(new Date(item.at))}
        </time>
      </div>
      <h3 className="font-heavy text-xl break-words">
        <Link to={itemPath(item)} className="underline-offset-4 hover:underline">
          {item.title}
        </Link>
      </h3>
      <Link to={creatorPath(item.creator.id)} className="w-fit text-sm font-bold text-muted underline-offset-4 hover:underline">
        {item.creator.name}
      </Link>
    </article>
  );
}

/**
 * One page of the feed, read by its cursor; the last one shown offers the next. Pages are plain
 * queries rather than one infinite query: useInfiniteQuery here split the query library out of
 * the entry into a chunk of its own, which cost every page 0.6 KB.
 */
function FeedPage({ uid, cursor, onMore, last }: { uid: string; cursor: string; onMore: (next: string) => void; last: boolean }) {
  const page = useQuery({
    queryKey: userKey(uid, "feed", cursor),
    queryFn: ({ signal }) => api<Feed>(`/api/me/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { signal }),
    // Read again on each visit: following someone elsewhere changes it.
    staleTime: 0,
  });
  if (page.isPending) {
    return (
      <p role="status" className="col-span-full font-bold">
        {TEXT.loading}
      </p>
    );
  }
  if (page.isError) {
    return (
      <p role="alert" className="col-span-full flex flex-wrap items-center gap-3 font-bold">
        {TEXT.failed}
        <button type="button" onClick={() => void page.refetch()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          {TEXT.retry}
        </button>
      </p>
    );
  }
  if (cursor === "" && page.data.items.length === 0) {
    return (
      <p className="col-span-full flex flex-wrap items-center gap-3 text-lg">
        {TEXT.empty}
        <Link to={paths.creators} className={buttonClasses({ variant: "primary", size: "sm" })}>
          {TEXT.directory}
        </Link>
      </p>
    );
  }
  const { next } = page.data;
  return (
    <>
      {page.data.items.map((item) => (
        <FeedCard key={`${item.kind}:${item.id}`} item={item} />
      ))}
      {last && next && (
        <button type="button" onClick={() => onMore(next)} className={`${buttonClasses({ variant: "secondary" })} col-span-full justify-self-center`}>
          {TEXT.more}
        </button>
      )}
    </>
  );
}

export function FollowingFeed({ uid }: { uid: string }) {
  const [cursors, setCursors] = useState([""]);
  return (
    <section aria-labelledby="home-following" className="px-4 pb-16 sm:pb-24">
      <div className="mx-auto flex max-w-5xl flex-col gap-5">
        <h2 id="home-following" className="font-heavy text-3xl sm:text-4xl">
          {TEXT.title}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cursors.map((cursor, i) => (
            <FeedPage key={cursor} uid={uid} cursor={cursor} last={i === cursors.length - 1} onMore={(next) => setCursors((all) => [...all, next])} />
          ))}
        </div>
      </div>
    </section>
  );
}
