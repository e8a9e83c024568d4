import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { pathsWithoutFooter } from "../../config/paths";
import { CursorTrail } from "../../features/cursor-trail/components/cursor-trail";
import { BackendBanner } from "./backend-banner";
import { Footer } from "./footer";
import { Header } from "./header";

/** The page frame: skip link, banner, header, main landmark and (on most pages) the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  // The router also matches "/login/": the footer rule has to as well.
  const screen = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

  // Every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md border-[3px] border-ink bg-yellow px-4 py-2 font-bold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <BackendBanner />
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      {!pathsWithoutFooter.has(screen) && <Footer />}
      <CursorTrail />
    </div>
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
