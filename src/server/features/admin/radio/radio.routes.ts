/** The contract of the back office's Radio area (issue 34, docs/decisions/0033); shapes in common/api/admin-radio.ts. */
import { z } from "zod";
import { AdminRadioSchema, AdminTrackSchema, DeclineTrackSchema, FeatureTrackSchema, RotationOrderSchema } from "../../../../common/api/admin-radio.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notStaff, ok, signedOut, TAGS } from "../contract.js";

const curators = notStaff("curators and admins");
const params = z.object({ trackId: z.string().min(1).max(64) });
const notFound = { description: "NOT_FOUND: no track has this id", content: errorContent };

export const getAdminRadioRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/radio",
  tags: TAGS,
  summary: "The radio: tracks waiting for review (oldest first) and the rotation in order",
  responses: { 200: ok("The queue and the rotation", AdminRadioSchema), 401: signedOut, 403: curators },
});

const writeResponses = (what: string) => ({
  200: ok(what, AdminTrackSchema),
  401: signedOut,
  ...ErrorResponses,
  403: curators,
  404: notFound,
  409: { description: "TRACK_STATE: the track is not where this action takes it from (reviewed already, not in rotation); nothing changed", content: errorContent },
});

export const approveTrackRoute = defineRoute({
  method: "post",
  invalidates: ["radio"],
  path: "/api/admin/radio/tracks/{trackId}/approve",
  tags: TAGS,
  summary: "Put a track waiting for review into rotation (last in the order); its creator is told by e-mail",
  request: { params },
  responses: writeResponses("The track, in rotation"),
});

export const declineTrackRoute = defineRoute({
  method: "post",
  invalidates: ["radio"],
  path: "/api/admin/radio/tracks/{trackId}/decline",
  tags: TAGS,
  summary: "Decline a track waiting for review, or take one out of rotation, with a note its creator is e-mailed",
  request: { params, body: json(DeclineTrackSchema) },
  responses: writeResponses("The declined track"),
});

export const featureTrackRoute = defineRoute({
  method: "post",
  invalidates: ["radio"],
  path: "/api/admin/radio/tracks/{trackId}/feature",
  tags: TAGS,
  summary: "Feature a track in rotation (named first), or stop featuring it",
  request: { params, body: json(FeatureTrackSchema) },
  responses: writeResponses("The track"),
});

export const orderRotationRoute = defineRoute({
  method: "put",
  invalidates: ["radio"],
  path: "/api/admin/radio/rotation",
  tags: TAGS,
  summary: "Order the rotation: every track in rotation now, in the new order",
  request: { body: json(RotationOrderSchema) },
  responses: {
    200: ok("The queue and the rotation", AdminRadioSchema),
    401: signedOut,
    ...ErrorResponses,
    403: curators,
    409: { description: "ROTATION_CHANGED: the ids are not exactly the tracks in rotation now; nothing changed", content: errorContent },
  },
});
