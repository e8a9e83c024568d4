/**
 * A creator's public page (/creators/:creatorId): avatar (or initial), name, city and state,
 * discipline pills, bio, the stories they are featured in, their links, then their published
 * stories and their products, newest first (the API's order).
 */
import { ArrowLeft, MapPin, Package } from "lucide-react";
import { Link } from "react-router";
import type { Product, Story } from "../../../../common/api/catalog";
import { DisciplinePills } from "./discipline-pills";
import { ReportButton } from "../../../components/report/report-button";
import { StoryCard } from "../../../components/stories/story-card";
import { paths, storyPath } from "../../../config/paths";
import type { CreatorProfilePage as PageData } from "../api/get-creator-page";
import { cardBio, cardName, creatorLinks } from "../lib/directory";
import { CreatorAvatar } from "./creator-avatar";
import { CreatorLinkButton } from "./creator-card";
import { FollowButton } from "./follow-button";

export interface CreatorProfilePageProps {
  page: PageData;
  isStoryFavorite: (storyId: string) => boolean;
  onToggleStoryFavorite: (story: Story) => void;
  /** Signed-in visitors may report the creator to the curators. */
  canReport?: boolean;
  /** The signed-in account's id (null for a visitor): Follow, or a way to subscribe. */
  uid?: string | null;
  onNotice?: (message: string, tone?: "error") => void;
}

export function CreatorProfilePage({ page, isStoryFavorite, onToggleStoryFavorite, canReport = false, uid = null, onNotice = () => undefined }: CreatorProfilePageProps) {
  const { creator, stories, products, followers } = page;
  const name = cardName(creator);
  const place = [creator.city, creator.state].filter(Boolean).join(", ");
  const links = creatorLinks(creator);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-10 sm:gap-16 sm:px-6 sm:py-14">
      <Link to={paths.creators} className="link-ink inline-flex w-fit items-center gap-1.5">
        <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
        All creators
      </Link>

      <header className="flex flex-col gap-6 rounded-xl border-[3px] border-ink bg-white p-5 shadow-hard-lg sm:flex-row sm:items-start sm:gap-8 sm:p-8">
        <CreatorAvatar name={name} avatar={creator.avatar} src={creator.profile_image_url} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h1 className="font-heavy text-[2.5rem] leading-[0.95] break-words sm:text-6xl">{name}</h1>
            {place && (
              <p className="flex items-center gap-1.5 text-sm font-bold tracking-wide text-muted uppercase">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                {place}
              </p>
            )}
          </div>
          <FollowButton creatorId={creator.id} name={name} followers={followers} uid={uid} onNotice={onNotice} />
          <DisciplinePills disciplines={creator.disciplines} />
          <p className="max-w-2xl text-lg whitespace-pre-line">{cardBio(creator.bio)}</p>
          {creator.stories.length > 0 && (
            <div id="featured-in" className="flex scroll-mt-24 flex-col gap-1.5">
              <p className="text-xs font-black tracking-wider uppercase">Featured In</p>
              <ul aria-label="Featured in stories" className="flex flex-wrap gap-1.5">
                {/* A story with a page is a link to it; the spec's sample stories have none ('Coming Soon'). */}
                {creator.stories.map((story) => (
                  <li key={story.id} className="max-w-full truncate rounded-sm border-2 border-ink bg-blue-soft px-2 py-0.5 text-sm font-bold">
                    {story.has_page ? (
                      <Link to={storyPath(story.id)} className="underline decoration-2 underline-offset-2 hover:decoration-pink">
                        {story.title}
                      </Link>
                    ) : (
                      story.title
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {links.length > 0 && (
            <ul aria-label="Links" className="flex flex-wrap gap-2 border-t-2 border-ink/15 pt-4">
              {links.map((link) => (
                <li key={link.kind} className="max-w-full">
                  <CreatorLinkButton link={link} name={name} />
                </li>
              ))}
            </ul>
          )}
          {canReport && <ReportButton kind="creator" itemId={creator.id} itemName={name} className="self-start" />}
        </div>
      </header>

      <section aria-labelledby="creator-stories" className="flex flex-col gap-6">
        <h2 id="creator-stories" className="font-heavy text-3xl sm:text-4xl">
          Stories
        </h2>
        {stories.length === 0 ? (
          <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-10 text-center text-lg font-bold">
            No stories published yet.
          </p>
        ) : (
          <ul className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {stories.map((story, index) => (
              <li key={story.id} className="flex">
                <StoryCard
                  story={story}
                  index={index}
                  headingLevel={3}
                  showCreator={false}
                  favorite={isStoryFavorite(story.id)}
                  onToggleFavorite={onToggleStoryFavorite}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="creator-products" className="flex flex-col gap-6">
        <h2 id="creator-products" className="font-heavy text-3xl sm:text-4xl">
          In the Store
        </h2>
        {products.length === 0 ? (
          <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-10 text-center text-lg font-bold">
            Nothing in the store yet.
          </p>
        ) : (
          <ul className="grid w-full grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4">
            {products.map((product) => (
              <li key={product.id} className="flex">
                <ProductTile product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A product of the creator: picture, name and price, opening its modal in the store. */
function ProductTile({ product }: { product: Product }) {
  return (
    <Link
      to={`${paths.store}?productId=${encodeURIComponent(product.id)}`}
      className="group flex w-full flex-col overflow-hidden rounded-lg border-[3px] border-ink bg-white text-ink no-underline shadow-hard transition-transform duration-100 hover:-translate-y-0.5"
    >
      {product.image_url ? (
        <img
          src={product.image_url}
          alt=""
          width={800}
          height={1000}
          loading="lazy"
          decoding="async"
          className="block aspect-[4/5] h-auto w-full border-b-[3px] border-ink bg-paper-deep object-cover"
        />
      ) : (
        <span aria-hidden="true" className="flex aspect-[4/5] w-full items-center justify-center border-b-[3px] border-ink bg-yellow-soft">
          <Package className="size-1/3" strokeWidth={1.75} />
        </span>
      )}
      <span className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <span className="font-heavy text-base leading-tight group-hover:underline sm:text-lg">{product.name}</span>
        <span className="font-bold">{product.price}</span>
      </span>
    </Link>
  );
}
