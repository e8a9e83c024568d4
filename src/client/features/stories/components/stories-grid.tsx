import { useEffect } from "react";
import { Button } from "../../../components/ui/button";
import { useStories, type Story } from "../api/get-stories";
import { StoryCard } from "../../../components/stories/story-card";

export interface StoriesGridProps {
  isFavorite: (id: string) => boolean;
  onToggleFavorite: (story: Story) => void;
}

/** The stories grid (spec §2): 'Loading stories...', then cards or 'No stories found.'. */
export function StoriesGrid({ isFavorite, onToggleFavorite }: StoriesGridProps) {
  const stories = useStories();
  useEffect(() => {
    // Spec §8: a load failure is logged and the list becomes empty.
    if (stories.error) console.error("Stories failed to load", stories.error);
  }, [stories.error]);
  if (stories.isPending) {
    return (
      <p role="status" className="py-16 text-center text-lg font-bold">
        Loading stories...
      </p>
    );
  }
  const items = stories.isError ? [] : stories.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p role="status" className="py-16 text-center text-lg font-bold">
        No stories found.
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-10">
      <ul className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((story, index) => (
          <li key={story.id} className="flex">
            <StoryCard story={story} index={index} favorite={isFavorite(story.id)} onToggleFavorite={onToggleFavorite} />
          </li>
        ))}
      </ul>
      {stories.hasNextPage && (
        <Button variant="secondary" onClick={() => void stories.fetchNextPage()} disabled={stories.isFetchingNextPage}>
          {stories.isFetchingNextPage ? "Loading..." : "Load more stories"}
        </Button>
      )}
    </div>
  );
}
