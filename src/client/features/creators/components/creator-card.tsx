import { clsx } from "clsx";
import { Camera, Globe, Heart, MapPin, Palette } from "lucide-react";
import { Link } from "react-router";
import { staggerClass } from "../../../components/ui/stagger";
import { DisciplinePills } from "./discipline-pills";
import { creatorPath } from "../../../config/paths";
import { cardBio, cardName, creatorLinks, storyTags, type CreatorLink } from "../lib/directory";
import type { Creator } from "../types";
import { CreatorAvatar } from "./creator-avatar";
import { FollowButton, type FollowButtonProps } from "./follow-button";

/** Who follows from a card (null for a visitor, who is sent to subscribe) and where it is said. */
export type CardFollow = Pick<FollowButtonProps, "uid" | "onNotice">;


export interface CreatorCardProps {
  creator: Creator;
  favorite: boolean;
  onToggleFavorite: (creator: Creator) => void;
  /** Position within its page, for the entrance stagger. */
  index: number;
  follow: CardFollow;
}

/**
 * One creator of the directory (spec §2 Creators directory, card grid). The name and the
 * Featured In tags lead to the creator's page, which lists the same stories and their own.
 */
export function CreatorCard({ creator, favorite, onToggleFavorite, index, follow }: CreatorCardProps) {
  const name = cardName(creator);
  const headingId = `creator-${creator.id}`;
  const tags = storyTags(creator.stories);
  const links = creatorLinks(creator);
  const place = [creator.city, creator.state].filter(Boolean).join(", ");

  return (
    <article
      aria-labelledby={headingId}
      data-testid="creator-card"
      className={clsx(staggerClass(Math.min(index, 12)), "motion-safe:animate-card-in flex h-full flex-col gap-4 rounded-xl border-[3px] border-ink bg-white p-5 shadow-hard")}
    >
      <div className="flex items-start gap-4">
        <CreatorAvatar name={name} avatar={creator.avatar} src={creator.profile_image_url} />
        <div className="min-w-0 flex-1 pt-1">
          <h3 id={headingId} className="font-heavy text-xl leading-tight break-words sm:text-2xl">
            <Link to={creatorPath(creator.id)} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
              {name}
            </Link>
          </h3>
          {place && (
            <p className="mt-1.5 flex items-center gap-1.5 text-sm font-bold tracking-wide text-muted uppercase">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {place}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => onToggleFavorite(creator)}
          aria-pressed={favorite}
          aria-label={`Like ${name}`}
          className={clsx(
            "-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full border-[3px] border-ink shadow-hard-sm",
            favorite ? "bg-pink" : "bg-white hover:bg-pink-soft",
          )}
        >
          <Heart aria-hidden="true" className={clsx("size-5", favorite && "fill-ink")} strokeWidth={2.5} />
        </button>
      </div>

      <DisciplinePills disciplines={creator.disciplines} />

      <p className="flex-1 text-muted">{cardBio(creator.bio)}</p>

      <FollowButton creatorId={creator.id} name={name} uid={follow.uid} onNotice={follow.onNotice} />

      {creator.stories.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs font-black tracking-wider uppercase">Featured In</p>
          <ul aria-label="Featured in stories" className="flex flex-wrap gap-1.5">
            {tags.shown.map((story) => (
              <li key={story.id} className="max-w-full truncate rounded-sm border-2 border-ink bg-blue-soft text-sm font-bold">
                <Link
                  to={`${creatorPath(creator.id)}#featured-in`}
                  data-featured-in=""
                  className="block truncate px-2 py-0.5 text-ink no-underline hover:bg-blue hover:text-white"
                >
                  {story.title}
                </Link>
              </li>
            ))}
            {tags.more > 0 && (
              <li className="rounded-sm border-2 border-dashed border-ink bg-white px-2 py-0.5 text-sm font-bold">
                +{tags.more} more
              </li>
            )}
          </ul>
        </div>
      )}

      {links.length > 0 && (
        <ul className="flex flex-wrap gap-2 border-t-2 border-ink/15 pt-4">
          {links.map((link) => (
            <li key={link.kind} className="max-w-full">
              <CreatorLinkButton link={link} name={name} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

const LINK_ICONS = { portfolio: Palette, instagram: Camera, website: Globe } as const;

/** A creator's portfolio, Instagram or website, opening in a new tab. */
export function CreatorLinkButton({ link, name }: { link: CreatorLink; name: string }) {
  const Icon = LINK_ICONS[link.kind];
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      data-link={link.kind}
      className={clsx(
        "inline-flex min-h-10 max-w-full items-center gap-1.5 rounded-md border-[3px] border-ink px-3 text-sm font-bold text-ink no-underline shadow-hard-sm",
        "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:bg-yellow-soft hover:shadow-hard",
        link.kind === "portfolio" ? "bg-yellow" : "bg-white",
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.75} />
      <span className="truncate">{link.label}</span>
      <span className="sr-only">
        {link.kind === "instagram" ? " on Instagram" : ` of ${name}`} (opens in a new tab)
      </span>
    </a>
  );
}
