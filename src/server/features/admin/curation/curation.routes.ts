/**
 * Contracts of curation (docs/decisions/0019); their shapes are in common/api/admin-curation.ts.
 * Curators and admins only: staffOnly(deps, "curation") answers 401/403 before anything is read.
 */
import {
  CuratedCreatorParamsSchema,
  CurationItemParamsSchema,
  CurationItemSchema,
  CurationKindParamsSchema,
  CurationListQuerySchema,
  CurationNoteSchema,
  CurationPageSchema,
  FeaturedListSchema,
  FeaturedOrderSchema,
} from "../../../../common/api/admin-curation.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, signedOut } from "../contract.js";

const notStaff = { description: "NOT_STAFF: not a curator or admin; FORBIDDEN_ORIGIN: a write from another site", content: errorContent };
const notFound = { description: "Nothing of this kind has this id", content: errorContent };
const item = (description: string) => ({ description, content: { "application/json": { schema: CurationItemSchema } } });

/**
 * What a curation write makes stale: the stories, products and their pages (catalog), and the
 * directory, its 'Featured In' tags and the creator pages (creators). One route serves every kind,
 * so it names both.
 */
const CURATION_TAGS = ["catalog", "creators"] as const;

export const listCurationRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/curation/{kind}",
  tags: ["Back office"],
  summary: "Stories, products or creators with their curation: featured, hidden, suspended",
  description:
    "Curators and admins. `state=featured` lists the featured items in their order; `hidden` the hidden ones, last hidden " +
    "first; `suspended` suspended creators (for stories and products: those by a suspended creator); `all` everything, " +
    "newest first, drafts and hidden items included. Keyset paging: follow next_cursor.",
  request: { params: CurationKindParamsSchema, query: CurationListQuerySchema },
  responses: {
    200: { description: "A page of items", content: { "application/json": { schema: CurationPageSchema } } },
    400: { description: "Invalid parameter; `fields` names it", content: errorContent },
    401: signedOut,
    403: notStaff,
  },
});

/** A write on one item that may carry a note for the audit log. */
const noteWrite = <P extends string, S extends typeof CurationItemParamsSchema | typeof CuratedCreatorParamsSchema>(
  path: P,
  summary: string,
  description: string,
  params: S,
) =>
  defineRoute({
    method: "post",
    invalidates: [...CURATION_TAGS],
    path,
    tags: ["Back office"],
    summary,
    description: `${description} Curators and admins; recorded in the audit log with before and after, and the note.`,
    request: { params, body: json(CurationNoteSchema, false) },
    responses: { 200: item("The item after the change"), 401: signedOut, ...ErrorResponses, 403: notStaff, 404: notFound },
  });

export const featureRoute = defineRoute({
  method: "post",
  invalidates: [...CURATION_TAGS],
  path: "/api/admin/curation/{kind}/{id}/feature",
  tags: ["Back office"],
  summary: "Feature an item, at the end of its kind's featured order",
  description:
    "Featured items lead the public lists of their kind (the store's tee carousel and grid, /stories, the creators directory), " +
    "in order. Featuring a featured item changes nothing. Curators and admins; recorded in the audit log.",
  request: { params: CurationItemParamsSchema },
  responses: {
    200: item("The item after the change"),
    401: signedOut,
    ...ErrorResponses,
    403: notStaff,
    404: notFound,
    409: { description: "FEATURED_FULL: the kind already has as many featured items as it may", content: errorContent },
  },
});

export const unfeatureRoute = defineRoute({
  method: "post",
  invalidates: [...CURATION_TAGS],
  path: "/api/admin/curation/{kind}/{id}/unfeature",
  tags: ["Back office"],
  summary: "Take an item out of the featured order",
  description:
    "The others keep their order. Unfeaturing an item that is not featured changes nothing. Curators and admins; recorded in the audit log.",
  request: { params: CurationItemParamsSchema },
  responses: { 200: item("The item after the change"), 401: signedOut, ...ErrorResponses, 403: notStaff, 404: notFound },
});

export const hideRoute = noteWrite(
  "/api/admin/curation/{kind}/{id}/hide",
  "Hide an item: it leaves every public list, page, search, favorites and the creator pages",
  "A hidden creator's profile leaves the site; their stories and products stay (suspend to take those too). " +
    "Carts keep a hidden product's line as sold out. Hiding a hidden item changes nothing.",
  CurationItemParamsSchema,
);

export const unhideRoute = noteWrite(
  "/api/admin/curation/{kind}/{id}/unhide",
  "Show a hidden item again",
  "Favorites and cart lines of it come back as they were. Unhiding an item that is not hidden changes nothing.",
  CurationItemParamsSchema,
);

export const suspendRoute = noteWrite(
  "/api/admin/curation/creator/{id}/suspend",
  "Suspend a creator: the profile and everything by them leave the site, and the studio refuses to publish",
  "The creator can still sign in, see their orders and write drafts. Suspending a suspended creator changes nothing.",
  CuratedCreatorParamsSchema,
);

export const unsuspendRoute = noteWrite(
  "/api/admin/curation/creator/{id}/unsuspend",
  "Reinstate a suspended creator: the profile and their content come back",
  "Reinstating a creator who is not suspended changes nothing.",
  CuratedCreatorParamsSchema,
);

export const featuredOrderRoute = defineRoute({
  method: "put",
  invalidates: [...CURATION_TAGS],
  path: "/api/admin/curation/{kind}/featured-order",
  tags: ["Back office"],
  summary: "Reorder every featured item of a kind",
  description:
    "`ids` must be exactly the featured items of the kind, in the new order; the first comes first everywhere. " +
    "Curators and admins; recorded in the audit log.",
  request: { params: CurationKindParamsSchema, body: json(FeaturedOrderSchema) },
  responses: {
    200: { description: "The featured items in their new order", content: { "application/json": { schema: FeaturedListSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notStaff,
    409: {
      description: "FEATURED_CHANGED: `ids` is not the featured set (someone featured or unfeatured an item meanwhile); nothing changed",
      content: errorContent,
    },
  },
});
