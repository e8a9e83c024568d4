/**
 * The editor's form values and the rules around them: from a saved story, whether what is typed
 * differs from it (as the server would store it), and where a failed request's message goes.
 * Pure and zod-free, so the editor's route does not load the schema before it is needed.
 */
import type { StudioStory } from "../../../../common/api/studio";
import { failureMessage, isApiError } from "../../../lib/api";
import { fieldErrorsInOrder, type FieldMessages } from "../../../lib/server-field-errors";

/** What the editor's fields hold (StoryDraftSchema's input). */
export interface StoryFormValues {
  title: string;
  city: string;
  /** YYYY-MM-DD, or "" for none. */
  date: string;
  description: string;
  body: string;
  cover_media_id: string | null;
}

/** The fields in the form's order: the first with a message takes focus. */
export const STORY_FIELDS = ["title", "city", "date", "description", "cover_media_id", "body"] as const satisfies readonly (keyof StoryFormValues)[];

export const EMPTY_STORY: StoryFormValues = { title: "", city: "", date: "", description: "", body: "", cover_media_id: null };

export function storyFormValues(story: StudioStory): StoryFormValues {
  return {
    title: story.title,
    city: story.city,
    date: story.date ?? "",
    description: story.description,
    body: story.body,
    cover_media_id: story.cover?.id ?? null,
  };
}

/** The values as the server stores them (StoryDraftSchema's trimming), to compare with a saved story. */
function normalised(values: StoryFormValues) {
  return {
    title: values.title.trim(),
    city: values.city.trim(),
    date: values.date.trim(),
    description: values.description.trim(),
    body: values.body.replace(/\r\n?/g, "\n").trimEnd(),
    cover_media_id: values.cover_media_id ?? null,
  };
}

/** True when saving would change the story (or, for a story never saved, when anything is typed). */
export function hasUnsavedChanges(values: StoryFormValues, saved: StudioStory | null): boolean {
  const now = normalised(values);
  const before = normalised(saved ? storyFormValues(saved) : EMPTY_STORY);
  return (Object.keys(now) as (keyof typeof now)[]).some((key) => now[key] !== before[key]);
}

/** What the editor shows for a failed save, publish or unpublish. */
export type StoryFailure =
  | { kind: "conflict" }
  | { kind: "fields"; fields: FieldMessages }
  | { kind: "general"; message: string };

export const STORY_FAILED = "The story could not be saved. Check your connection and try again.";

export function storyFailure(error: unknown): StoryFailure {
  if (!isApiError(error)) return { kind: "general", message: STORY_FAILED };
  if (error.code === "STORY_CHANGED" || error.status === 409) return { kind: "conflict" };
  if (fieldErrorsInOrder(error.fields, STORY_FIELDS).length > 0) return { kind: "fields", fields: error.fields };
  return { kind: "general", message: failureMessage(error, STORY_FAILED) };
}
