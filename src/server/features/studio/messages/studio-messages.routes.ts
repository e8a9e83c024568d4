/** Contracts of a creator's messages to their followers; shapes in common/api/studio-messages.ts (docs/decisions/0030). */
import { defineRoute } from "../../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { CreatorMessageDraftSchema, StudioMessageSentSchema, StudioMessagesSchema } from "../../../../common/api/studio-messages.js";
import { json, notCreator, signedOut } from "../studio-contract.js";

export const listStudioMessagesRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/messages",
  tags: ["Studio"],
  summary: "The creator's messages to their followers, newest first, and when the next may be written",
  description: "Counts only: no follower's address or name is ever in a studio answer.",
  responses: {
    200: { description: "The messages and the audience", content: { "application/json": { schema: StudioMessagesSchema } } },
    401: signedOut,
    403: notCreator,
  },
});

export const sendStudioMessageRoute = defineRoute({
  method: "post",
  // Shown nowhere public: the followers get it by e-mail.
  invalidates: [],
  path: "/api/studio/messages",
  tags: ["Studio"],
  summary: "Write to the creator's followers: a short Markdown message, sent by e-mail through the site",
  description:
    "At most one a week (rolling, from the last message). The message and its announcement are written together; " +
    "the outbox then e-mails each follower who gets e-mails of creators they follow, with one-click unsubscribe.",
  request: { body: json(CreatorMessageDraftSchema) },
  responses: {
    201: { description: "Written; its e-mails are on their way", content: { "application/json": { schema: StudioMessageSentSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: {
      description:
        "NOT_CREATOR: the signed-in user is not a creator; SUSPENDED: the curators suspended or hid the profile, so no message may go; " +
        "FORBIDDEN_ORIGIN: a write from another site",
      content: errorContent,
    },
    429: { description: "RATE_LIMITED: the last message is less than a week old; the message names when the next may go; nothing was written", content: errorContent },
  },
});
