import { clsx } from "clsx";
import { lazy, Suspense, useState } from "react";
import type { Image } from "../../../../common/api/media";
import { avatarLetter } from "../lib/directory";

// Few creators have uploaded an avatar yet: the picture component (with its ThumbHash decoder)
// loads only when one is shown, so the directory's first load stays within its budget
// (docs/decisions/0013). The avatar's frame has its size already; nothing moves when it arrives.
const ResponsiveImage = lazy(() =>
  import("../../../components/media/responsive-image").then((m) => ({ default: m.ResponsiveImage })),
);

const SIZES = {
  /** The directory's cards. */
  md: { frame: "size-16 text-3xl", pixels: 64, sizes: "64px" },
  /** A creator's page. */
  lg: { frame: "size-28 text-6xl sm:size-36 sm:text-7xl", pixels: 144, sizes: "(min-width: 640px) 144px, 112px" },
} as const;

export interface CreatorAvatarProps {
  name: string;
  /** The uploaded avatar, shown first. */
  avatar: Image | null;
  /** The profile image URL of the application, else. */
  src: string | null;
  size?: keyof typeof SIZES;
}

/**
 * The creator's picture: the uploaded avatar, else the profile image URL, else (or when that
 * fails to load: the CSP blocks other hosts, docs/decisions/0006) the first letter of the name.
 * Decorative: the name is always beside it.
 */
export function CreatorAvatar({ name, avatar, src, size = "md" }: CreatorAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  const { frame, pixels, sizes } = SIZES[size];
  return (
    <span
      aria-hidden="true"
      data-testid="creator-avatar"
      className={clsx(
        "font-heavy inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full border-[3px] border-ink bg-pink shadow-hard-sm",
        frame,
      )}
    >
      {avatar ? (
        <Suspense fallback={null}>
          <ResponsiveImage image={avatar} alt="" sizes={sizes} className="size-full" />
        </Suspense>
      ) : showImage ? (
        <img
          src={src}
          alt=""
          width={pixels}
          height={pixels}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setFailed(src)}
          // A server-rendered page's picture may have failed before React was there to hear it.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailed(src);
          }}
        />
      ) : (
        avatarLetter(name)
      )}
    </span>
  );
}
