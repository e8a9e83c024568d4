/** The site search (DECISIONS.md 8): one box for stories, creators and store items. */
import { z } from "zod";
import { plainText } from "../text.js";

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
/** Hits per kind: the box shows a few of each and links on to the full lists. */
export const HITS_PER_KIND = 5;

export const SearchHitSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().meta({ description: "A city, a place or a price: what tells hits apart" }),
  })
  .meta({ id: "SearchHit" });
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultsSchema = z
  .object({ stories: z.array(SearchHitSchema), creators: z.array(SearchHitSchema), products: z.array(SearchHitSchema) })
  .meta({ id: "SearchResults" });
export type SearchResults = z.infer<typeof SearchResultsSchema>;

export const SearchQuerySchema = z.object({
  q: z
    .string({ error: "Type something to search for" })
    .trim()
    .min(SEARCH_MIN, `Type at least ${SEARCH_MIN} characters`)
    .max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`)
    .refine(plainText, "Search text must not contain control characters"),
});
