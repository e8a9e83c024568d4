/** The answers of a refused comment write (docs/decisions/0032), one place for every route of the room. */
import { COMMENT_MESSAGES as M } from "../../../common/comments.js";
import { ApiError } from "../../lib/api-error.js";
import type { Refusal } from "./comments.service.js";

/** A ban's end as the message names it, e.g. "March 4, 2027". */
export function banEnd(until: string | null): string | null {
  return until === null ? null : new Date(until).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function refusal(refused: Refusal): ApiError {
  switch (refused.reason) {
    case "banned":
      return new ApiError(403, "COMMENT_BANNED", M.banned(banEnd(refused.ban.until)));
    case "story_not_found":
      return new ApiError(404, "NOT_FOUND", M.storyNotFound);
    case "closed":
      return new ApiError(409, "COMMENTS_CLOSED", M.closed);
    case "reply_not_found":
      return new ApiError(404, "NOT_FOUND", M.deletedParent);
    case "not_found":
      return new ApiError(404, "NOT_FOUND", M.notFound);
    case "not_yours":
      return new ApiError(403, "NOT_YOUR_COMMENT", M.notYours);
    case "too_many_links":
      return new ApiError(400, "VALIDATION_FAILED", M.tooManyLinks, { body: M.tooManyLinks });
    case "repeated":
      return new ApiError(400, "VALIDATION_FAILED", M.repeated, { body: M.repeated });
    case "staff_hidden":
      // A comment staff or reports hid stays hidden until a curator decides.
      return new ApiError(403, "NOT_STAFF", M.staffHidden);
  }
}
