/**
 * Comments on a story (issue 33), the public reads: the list, in each sort, and each thread's
 * further replies. What is a member's own and every write are in member.ts, loaded with the
 * member's part of the section.
 *
 * Types only from common/api/comments.ts: its schemas would bring zod into the story's chunk.
 */
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { Comment, CommentList, CommentReply, MyComments, ReplyList } from "../../../../common/api/comments";
import type { CommentSort } from "../../../../common/comments";
import { api } from "../../../lib/api";
import { storiesKey } from "../../../lib/query-client";

export type { Comment, CommentList, CommentReply, MyComments, ReplyList };
/** A comment or a reply: what one entry on the page shows. */
export type CommentItem = Comment | CommentReply;

export const enc = encodeURIComponent;

/**
 * Everything of one story's comments, under the public stories key: the server renders the first
 * page with the story (entry-server.tsx fetches the public reads a page asks for).
 */
export const commentsKey = (storyId: string) => [...storiesKey, "comments", storyId] as const;

export function commentListOptions(storyId: string, sort: CommentSort) {
  return infiniteQueryOptions({
    queryKey: [...commentsKey(storyId), "list", sort] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort });
      if (pageParam) params.set("cursor", pageParam);
      return api<CommentList>(`/api/stories/${enc(storyId)}/comments?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** A thread's replies after the first few the list carries, read when the reader asks. */
export function repliesOptions(storyId: string, commentId: string) {
  return infiniteQueryOptions({
    queryKey: [...commentsKey(storyId), "replies", commentId] as const,
    queryFn: ({ pageParam, signal }) =>
      api<ReplyList>(`/api/comments/${enc(commentId)}/replies${pageParam ? `?cursor=${enc(pageParam)}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

