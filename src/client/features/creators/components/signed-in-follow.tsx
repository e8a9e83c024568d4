/**
 * Follow / Following for a signed-in account (issue 32): a toggle button (`aria-pressed`) from the
 * account's follows, saying what happened in the page's notice. Loaded by follow-button.tsx only
 * for a signed-in account.
 */
import { useEffect, type ReactNode } from "react";
import { buttonClasses } from "../../../components/ui/button";
import { logFailure } from "../../../lib/api";
import { useFollows, useSetFollow } from "../api/follows";

export interface SignedInFollowProps {
  creatorId: string;
  name: string;
  uid: string;
  onNotice: (message: string, tone?: "error") => void;
  /** The follower count beside the button, if the page shows one. */
  count: ReactNode;
  /** No count beside it (cards, stories): the button names its creator. */
  named: boolean;
  /** Follow was tapped before the account's follows were known: follow once they are. */
  queued: boolean;
  onQueue: (queued: boolean) => void;
}

const TEXT = {
  followed: (name: string) => `You follow ${name}.`,
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  failed: "That did not work. Please try again.",
} as const;

export function SignedInFollow({ creatorId, name, uid, onNotice, count, named, queued, onQueue }: SignedInFollowProps) {
  const follows = useFollows(uid);
  const { setFollow, pending } = useSetFollow(uid);
  const known = follows.data !== undefined;
  const following = follows.data?.creator_ids.includes(creatorId) ?? false;
  function change(follow: boolean) {
    setFollow(creatorId, follow).then(
      () => onNotice(follow ? TEXT.followed(name) : TEXT.unfollowed(name)),
      (error: unknown) => {
        logFailure("Could not change the follow", error);
        onNotice(TEXT.failed, "error");
      },
    );
  }
  // The tap that came first: it asked to follow (the button said Follow); already following, it is done.
  useEffect(() => {
    if (!queued || !known) return;
    onQueue(false);
    if (!following) change(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the tap or the follows arrive, once
  }, [queued, known]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={following}
        aria-busy={pending || queued || undefined}
        disabled={pending}
        onClick={() => (known ? change(!following) : onQueue(true))}
        className={buttonClasses({ variant: following ? "secondary" : "primary", size: "sm" })}
      >
        {following ? "Following" : "Follow"}
        {named && <span className="sr-only">{` ${name}`}</span>}
      </button>
      {count}
    </div>
  );
}
