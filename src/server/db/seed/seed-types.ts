/**
 * The shapes of the sample content (content.ts, published-stories.ts): the factories' overrides
 * with every content field given, so they cannot drift from the tables (db/types.ts) the
 * factories insert into.
 */
import type { DirectoryDiscipline } from "../../../common/creator-fields.js";
import type { CreatorOverrides, ProductOverrides, StoryOverrides } from "./factories.js";

type Given<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> };

export type StorySeed = Given<StoryOverrides, "id" | "title" | "description" | "city" | "image_url"> & {
  /** ISO 8601 timestamp, or null when the story has no date. */
  date: string | null;
};

/**
 * A sample story with a page to read: its author (a sample creator, who is featured in it as a
 * story published in the studio would make them), a Markdown body and the pictures inside it.
 */
export type PublishedStorySeed = StorySeed & {
  creator_id: string;
  body: string;
  /** The pictures the body shows (`![alt](image_url)`), drawn by scripts/generate-media.ts like the covers. */
  figures: { image_url: string; title: string }[];
};

export type ProductSeed = Given<
  ProductOverrides,
  "id" | "kind" | "category" | "title" | "description" | "price_cents" | "stock" | "limited_edition" | "image_url" | "story_id"
>;

export type CreatorSeed = Given<
  CreatorOverrides,
  "id" | "first_name" | "last_name" | "email" | "bio" | "city" | "state" | "instagram" | "website" | "image_url" | "approved"
> & {
  joined: string;
  disciplines: DirectoryDiscipline[];
  /** Stories the creator is featured in (creator_story rows). */
  stories: string[];
};
