/**
 * Follow / Following on a creator's page (issue 32), with the follower count. Signed in, a toggle
 * button (`aria-pressed`); a visitor gets a link to subscribe that comes back to this page, which
 * works before the app has loaded and without JavaScript.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { creatorPath, paths } from "../../../config/paths";
import { logFailure } from "../../../lib/api";
import { useFollows, useSetFollow } from "../api/follows";

export const FOLLOW_TEXT = {
  followers: (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "follower" : "followers"}`,
  followed: (name: string) => `You follow ${name}.`,
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  failed: "That did not work. Please try again.",
} as const;

export interface FollowButtonProps {
  creatorId: string;
  name: string;
  followers: number;
  /** The signed-in account's id; null for a visitor. */
  uid: string | null;
  /** Says what happened (the page's notice). */
  onNotice: (message: string, tone?: "error") => void;
}

export function FollowButton({ creatorId, name, followers, uid, onNotice }: FollowButtonProps) {
  const count = (
    <p className="text-sm font-bold text-muted" data-testid="follower-count">
      {FOLLOW_TEXT.followers(followers)}
    </p>
  );
  if (uid === null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {/* Built here from the id, so always a path on this site (the form checks `next` again: lib/return-path.ts). */}
        <Link to={`${paths.subscribe}?next=${encodeURIComponent(creatorPath(creatorId))}`} className={buttonClasses({ variant: "primary", size: "sm" })}>
          Follow
        </Link>
        {count}
      </div>
    );
  }
  return <SignedInFollow creatorId={creatorId} name={name} uid={uid} onNotice={onNotice} count={count} />;
}

function SignedInFollow({ creatorId, name, uid, onNotice, count }: Omit<FollowButtonProps, "followers" | "uid"> & { uid: string; count: ReactNode }) {
  const follows = useFollows(uid);
  const { setFollow, pending } = useSetFollow(uid);
  const following = follows.data?.creator_ids.includes(creatorId) ?? false;
  function toggle() {
    const follow = !following;
    setFollow(creatorId, follow).then(
      () => onNotice(follow ? FOLLOW_TEXT.followed(name) : FOLLOW_TEXT.unfollowed(name)),
      (error: unknown) => {
        logFailure("Could not change the follow", error);
        onNotice(FOLLOW_TEXT.failed, "error");
      },
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={following}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={toggle}
        className={buttonClasses({ variant: following ? "secondary" : "primary", size: "sm" })}
      >
        {following ? "Following" : "Follow"}
      </button>
      {count}
    </div>
  );
}
