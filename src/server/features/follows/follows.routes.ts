/** Contracts of follows (issue 32, docs/decisions/0029); their shapes are in common/api/follows.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { FeedQuerySchema, FeedSchema, FollowMailBodySchema, FollowParamsSchema, FollowsSchema, FollowStateSchema } from "../../../common/api/follows.js";

const notSignedIn = { description: "Not signed in", content: errorContent };
const state = (description: string) => ({ description, content: { "application/json": { schema: FollowStateSchema } } });

export const listFollowsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/follows",
  tags: ["Follows"],
  summary: "The creators the signed-in account follows, most recent first",
  responses: { 200: { description: "Followed creators", content: { "application/json": { schema: FollowsSchema } } }, 401: notSignedIn },
});

export const followRoute = defineRoute({
  method: "put",
  // The creator page shows the follower count.
  invalidates: ["creators"],
  path: "/api/me/follows/{creatorId}",
  tags: ["Follows"],
  summary: "Follow a creator (following again changes nothing)",
  request: { params: FollowParamsSchema },
  responses: {
    200: state("Following, with the creator's follower count"),
    401: notSignedIn,
    404: { description: "NOT_FOUND: no creator the public can see has this id", content: errorContent },
    ...ErrorResponses,
  },
});

export const unfollowRoute = defineRoute({
  method: "delete",
  invalidates: ["creators"],
  path: "/api/me/follows/{creatorId}",
  tags: ["Follows"],
  summary: "Stop following a creator (not following changes nothing)",
  request: { params: FollowParamsSchema },
  responses: { 200: state("Not following, with the creator's follower count"), 401: notSignedIn, ...ErrorResponses },
});

export const setFollowMailRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/follow-mail",
  tags: ["Follows"],
  summary: "How the account hears of new stories and drops by creators it follows",
  request: { body: { required: true, content: { "application/json": { schema: FollowMailBodySchema } } } },
  responses: {
    200: { description: "The choice saved", content: { "application/json": { schema: FollowMailBodySchema } } },
    401: notSignedIn,
    ...ErrorResponses,
  },
});

export const feedRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/feed",
  tags: ["Follows"],
  summary: "New stories and drops by the creators the account follows, newest first",
  request: { query: FeedQuerySchema },
  responses: { 200: { description: "A page of the feed", content: { "application/json": { schema: FeedSchema } } }, 401: notSignedIn, ...ErrorResponses },
});
