/** Follows (issue 32): the creators an account follows, and one creator's follow state and count. */
import { z } from "zod";
import { pathId } from "./params.js";

export const FOLLOW_MESSAGES = {
  notFound: "We could not find that creator.",
} as const;

/** GET /api/me/follows: the creators the account follows, most recently followed first. */
export const FollowsSchema = z
  .object({ creator_ids: z.array(z.string()).meta({ description: "Creators the account follows, most recent first" }) })
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
