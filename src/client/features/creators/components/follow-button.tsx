/**
 * Follow / Following on a creator's page (issue 32), with the follower count. Signed in, a toggle
 * button (`aria-pressed`); a visitor gets a link to subscribe that comes back to this page, which
 * works before the app has loaded and without JavaScript.
 */
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { creatorPath, paths } from "../../../config/paths";

const followersText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "follower" : "followers"}`;

// A signed-in account's toggle and its requests load only for one: a visitor's page (and the
// server's HTML) has the link alone, and /creators shows one on every card.
const SignedInFollow = lazy(() => import("./signed-in-follow").then((m) => ({ default: m.SignedInFollow })));

export interface FollowButtonProps {
  creatorId: string;
  name: string;
  /** The follower count shown beside it; absent on cards and story pages, which show none. */
  followers?: number;
  /** The signed-in account's id; null for a visitor. */
  uid: string | null;
  /** Says what happened (the page's notice). */
  onNotice: (message: string, tone?: "error") => void;
}

export function FollowButton({ creatorId, name, followers, uid, onNotice }: FollowButtonProps) {
  // A tap before the toggle (or the account's follows) has loaded is kept and carried out then:
  // a control works the moment it shows.
  const [queued, setQueued] = useState(false);
  const count = followers !== undefined && (
    <p className="text-sm font-bold text-muted" data-testid="follower-count">
      {followersText(followers)}
    </p>
  );
  if (uid === null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {/* Built here from the id, so always a path on this site (the form checks `next` again: lib/return-path.ts). */}
        <Link
          to={`${paths.subscribe}?next=${encodeURIComponent(creatorPath(creatorId))}`}
          className={buttonClasses({ variant: "primary", size: "sm" })}
        >
          Follow
          {followers === undefined && <span className="sr-only">{` ${name}`}</span>}
        </Link>
        {count}
      </div>
    );
  }
  // Without the count beside it (cards, stories) the control names its creator.
  const named = followers === undefined;
  const waiting = (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={false}
        aria-busy={queued || undefined}
        onClick={() => setQueued(true)}
        className={buttonClasses({ variant: "primary", size: "sm" })}
      >
        Follow
        {named && <span className="sr-only">{` ${name}`}</span>}
      </button>
      {count}
    </div>
  );
  return (
    <Suspense fallback={waiting}>
      <SignedInFollow creatorId={creatorId} name={name} uid={uid} onNotice={onNotice} count={count} named={named} queued={queued} onQueue={setQueued} />
    </Suspense>
  );
}

