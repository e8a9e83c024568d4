/**
 * The shapes of the sample rows (content.ts, published-stories.ts), in a module of their own so
 * that the two files of sample content can share them without importing each other.
 */
import type { StoryOverrides } from "./factories.js";

// The sample rows are the factories' overrides with every content field given, so they cannot
// drift from the tables (db/types.ts) the factories insert into.
export type Given<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> };

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

