/** Follows (issue 32): the creators an account follows, and one creator's follow state and count. */
import { z } from "zod";
import { FOLLOW_MAIL } from "../follows.js";
import { pathId } from "./params.js";

export const FOLLOW_MESSAGES = {
  notFound: "We could not find that creator.",
} as const;

export const FollowMailSchema = z.enum(FOLLOW_MAIL).meta({ id: "FollowMail", description: "instant (the default), weekly (a digest on Mondays) or never" });

export const FollowedCreatorSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "FollowedCreator" });
export type FollowedCreator = z.infer<typeof FollowedCreatorSchema>;

/** GET /api/me/follows: the creators the account follows, most recently followed first, and its e-mail choice. */
export const FollowsSchema = z
  .object({
    creator_ids: z.array(z.string()).meta({ description: "Creators the account follows, most recent first" }),
    creators: z.array(FollowedCreatorSchema).meta({ description: "The same creators with their names (those the public can still see)" }),
    mail: FollowMailSchema,
  })
  .meta({ id: "Follows" });
export type Follows = z.infer<typeof FollowsSchema>;

/** PUT/DELETE /api/me/follows/{creatorId}: where the follow stands after the change. */
export const FollowStateSchema = z
  .object({
    creator_id: z.string(),
    following: z.boolean(),
    followers: z.number().int().min(0).meta({ description: "The creator's followers after the change" }),
  })
  .meta({ id: "FollowState" });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowParamsSchema = z.object({ creatorId: pathId("creatorId") });

/** PUT /api/me/follow-mail. */
export const FollowMailBodySchema = z.object({ mail: FollowMailSchema }).meta({ id: "FollowMailBody" });

export const FEED_PAGE_SIZE = 12;

/** One item of the /home feed: a story or a drop by a creator the account follows. */
export const FeedItemSchema = z
  .object({
    kind: z.enum(["story", "drop"]),
    id: z.string(),
    title: z.string(),
    creator: FollowedCreatorSchema,
    at: z.string().meta({ format: "date-time", description: "When it was published; for a drop, when it opens (may be ahead)" }),
    upcoming: z.boolean().meta({ description: "A drop that has not opened yet" }),
  })
  .meta({ id: "FeedItem" });
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** GET /api/me/feed: newest first, FEED_PAGE_SIZE at a time; `next` continues it. */
export const FeedSchema = z
  .object({ items: z.array(FeedItemSchema), next: z.string().nullable().meta({ description: "The cursor of the next page; null on the last" }) })
  .meta({ id: "Feed" });
export type Feed = z.infer<typeof FeedSchema>;

export const FeedQuerySchema = z.object({ cursor: z.string().max(500).optional().meta({ description: "`next` of the page before" }) });
