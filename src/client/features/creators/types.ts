/** The directory's wire types live in common/api/creators.ts; this adds the list request's filters. */
import type { ArtDiscipline } from "../../../common/creator-fields";

export type { Creator, CreatorFacets, CreatorPage } from "../../../common/api/creators";
export type { StoryRef } from "../../../common/api/catalog";
export type { ArtDiscipline } from "../../../common/creator-fields";
export type { CreatorApplication, CreatorApplicationInput } from "../../../common/creator-schemas";

/** The filters of the directory; undefined or empty values are left out of the request. */
export interface CreatorFilters {
  /** Search text: name, bio or city. */
  q?: string;
  discipline?: ArtDiscipline;
  city?: string;
  /** A story id ('Featured In Stories'). */
  story?: string;
  limit?: number;
}
