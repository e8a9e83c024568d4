/**
 * A story's like heart, as its card on /stories draws it (story-card.tsx): pressed when the story
 * is a favorite. The page that shows it keeps the favorites and says what changed. The radio
 * player draws the same heart for the track playing (radio-player.tsx LikeHeart, issue 34).
 */
import { clsx } from "clsx";
import { Heart } from "lucide-react";

export interface StoryHeartProps {
  title: string;
  favorite: boolean;
  onToggle: () => void;
  className?: string;
}

export function StoryHeart({ title, favorite, onToggle, className }: StoryHeartProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={favorite}
      aria-label={`Like ${title}`}
      className={clsx(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full border-[3px] border-ink shadow-hard-sm",
        favorite ? "bg-pink" : "bg-white hover:bg-pink-soft",
        className,
      )}
    >
      <Heart aria-hidden="true" className={clsx("size-5", favorite && "fill-ink")} strokeWidth={2.5} />
    </button>
  );
}
