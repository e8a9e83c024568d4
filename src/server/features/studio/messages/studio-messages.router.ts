/**
 * A creator writes to their followers (issue 32, docs/decisions/0030), behind the studio's gate
 * (studio.router.ts): only the account whose creator profile it is, and only while the curators
 * have not taken the profile off the site (a hidden or suspended creator's followers would get
 * nothing: their e-mails go only while the creator is public, so the studio refuses up front).
 */
import { CREATOR_MESSAGE_INTERVAL_MS, CREATOR_MESSAGE_TEXT } from "../../../../common/creator-message-fields.js";
import type { StudioMessages } from "../../../../common/api/studio-messages.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import type { StudioAccess } from "../studio-access.js";
import { listMessages, messageAudience, nextMessageAtOf, writeMessage } from "./studio-messages.queries.js";
import { listStudioMessagesRoute, sendStudioMessageRoute } from "./studio-messages.routes.js";

export function studioMessagesRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { database } = deps;
  return createRouter()
    .openapi(listStudioMessagesRoute, async (c) => {
      const { creatorId, suspended, hidden } = studioUser(c);
      const [audience, items, nextAt] = await Promise.all([
        messageAudience(database, creatorId),
        listMessages(database, creatorId),
        nextMessageAtOf(database, creatorId, serverClock.now()),
      ]);
      const answer: StudioMessages = { ...audience, next_at: nextAt?.toISOString() ?? null, suspended, hidden, items };
      return c.json(answer, 200);
    })
    .openapi(sendStudioMessageRoute, async (c) => {
      const { creatorId, suspended, hidden } = studioUser(c);
      if (suspended) throw new ApiError(403, "SUSPENDED", CREATOR_MESSAGE_TEXT.suspended);
      if (hidden) throw new ApiError(403, "SUSPENDED", CREATOR_MESSAGE_TEXT.hidden);
      const { body } = c.req.valid("json");
      const now = serverClock.now();
      const written = await writeMessage(database, creatorId, body, now);
      if (!written.ok) throw new ApiError(429, "RATE_LIMITED", CREATOR_MESSAGE_TEXT.tooSoon(written.nextAt));
      // The announcement was committed with the message: the outbox expands it to the followers.
      deps.outbox.wake();
      const [audience, items] = await Promise.all([messageAudience(database, creatorId), listMessages(database, creatorId)]);
      const message = items.find((m) => m.id === written.id)!;
      return c.json({ ...audience, next_at: nextAtAfter(now), message }, 201);
    });
}

function nextAtAfter(now: Date): string {
  return new Date(now.getTime() + CREATOR_MESSAGE_INTERVAL_MS).toISOString();
}
