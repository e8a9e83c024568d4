/**
 * The stories a product belongs to (the store's 'Filter by Story'): a checkbox per story on the
 * site, up to PRODUCT_STORIES_MAX; the first ticked is the lead story the product modal names.
 */
import { useId } from "react";
import type { StoryRef } from "../../../../common/api/catalog";
import { PRODUCT_STORIES_MAX } from "../../../../common/products";

export interface StoryPickerProps {
  stories: readonly StoryRef[];
  /** Ids ticked, lead story first. */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

export function StoryPicker({ stories, chosen, onChange, error }: StoryPickerProps) {
  const ids = { hint: useId(), error: useId() };
  const full = chosen.length >= PRODUCT_STORIES_MAX;
  const lead = stories.find((story) => story.id === chosen[0]);
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={[ids.hint, error && ids.error].filter(Boolean).join(" ")}>
      <legend className="mb-2 font-heavy">
        Stories <span className="font-normal text-muted">(optional, up to {PRODUCT_STORIES_MAX})</span>
      </legend>
      <p id={ids.hint} className="text-sm text-muted">
        The store's 'Filter by Story' finds it under each.{lead ? ` Lead story: ${lead.title}.` : ""}
      </p>
      {stories.length === 0 ? (
        <p className="text-sm text-muted">No stories on the site yet.</p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border-2 border-ink/30 p-2 sm:grid-cols-2">
          {stories.map((story) => {
            const on = chosen.includes(story.id);
            return (
              <li key={story.id}>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-ink"
                    checked={on}
                    disabled={!on && full}
                    onChange={() => onChange(on ? chosen.filter((id) => id !== story.id) : [...chosen, story.id])}
                  />
                  <span>{story.title}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={ids.error} className="text-sm font-bold text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
