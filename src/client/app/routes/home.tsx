import { lazy, Suspense } from "react";
import { Navigate } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { Hero } from "../../features/marketing/components/hero";
import { HomeSections } from "../../features/marketing/components/home-sections";
import { useDocumentTitle } from "../../hooks/use-document-title";

// Below the spec's screen, the account's own feed (issue 32), in a chunk of its own.
const FollowingFeed = lazy(() => import("../../features/creators/components/following-feed").then((m) => ({ default: m.FollowingFeed })));

/** Home (/home): for signed-in users; 'Loading...' while unknown, signed-out users go to /. */
export function HomeRoute() {
  useDocumentTitle("Home");
  const session = useSession();
  if (session.status === "unknown") {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg font-bold">
        Loading...
      </p>
    );
  }
  if (session.status === "signed-out") return <Navigate to={paths.landing} replace />;
  const name = session.profile.username.trim();
  return (
    <>
      <Hero
        welcome={
          <p>
            Welcome{name ? <>, <strong className="font-black">{name}</strong></> : null}! New stories, new creators
            and new drops are waiting. Dig in.
          </p>
        }
      />
      <HomeSections links={{ stories: paths.stories, creators: paths.creators, store: paths.store }} />
      <Suspense fallback={null}>
        <FollowingFeed uid={session.profile.uid} />
      </Suspense>
    </>
  );
}
