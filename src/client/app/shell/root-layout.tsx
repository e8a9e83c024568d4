import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { NavigationType, Outlet, useLocation, useNavigationType } from "react-router";
import { paths, pathsWithoutFooter } from "../../config/paths";
import { countView } from "../../lib/count-view";
import { meQueryKey } from "../../features/auth/api/get-me";
import { useSession } from "../../features/auth/hooks/use-session";
import { CreatorApplicationProvider } from "../../features/creators/application-provider";
import { BackendBanner } from "./backend-banner";
import { Footer } from "./footer";
import { Header } from "./header";

// Decoration on a fixed canvas: it can arrive after the page without moving anything.
const CursorTrail = lazy(() =>
  import("../../features/cursor-trail/components/cursor-trail").then((m) => ({ default: m.CursorTrail })),
);

/**
 * The page frame: skip link, banner, header, main landmark and (on most pages) the footer, inside
 * the creator application modal's provider (the footer and the directory open it).
 */
export function RootLayout() {
  const queryClient = useQueryClient();
  const session = useSession();
  const accountEmail = session.status === "signed-in" ? session.profile.email : null;
  // An approved signed-in applicant is a creator now: the profile says so and Apply Now goes.
  const onApproved = useCallback(() => queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);

  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // The router also matches "/login/": the footer rule has to as well.
  const screen = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

  // A route change by a link or a redirect starts at the top of the page (spec §2). Back and
  // Forward do not: the browser puts the page back where the reader left it, as on any site
  // (docs/decisions/0023). Nor the page the app starts on: the browser placed that one, and a
  // visitor may have scrolled a server-rendered page before it hydrated (a jump to the top then
  // would also move what they were tapping).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    // A new page is a view for the stats (a store link's product included).
    countView(pathname + location.search);
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <CreatorApplicationProvider accountEmail={accountEmail} directoryPath={paths.creators} onApproved={onApproved}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md border-[3px] border-ink bg-yellow px-4 py-2 font-bold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <BackendBanner />
        <Header />
        {/* At least a screen tall: the footer starts below the fold on every page, so a page whose
            content arrives later (or turns out short) never moves it into view (layout shift;
            docs/decisions/0013). */}
        <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
        {!pathsWithoutFooter.has(screen) && <Footer />}
        <Suspense fallback={null}>
          <CursorTrail />
        </Suspense>
      </div>
    </CreatorApplicationProvider>
  );
}

/** Shown while the first route module loads. */
export function AppFallback() {
  return (
    <p role="status" className="sr-only">
      Loading...
    </p>
  );
}
