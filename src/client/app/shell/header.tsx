/**
 * The site header (spec §2 Shell). Signed out or still unknown: only the centered wordmark.
 * Signed in: the full header (signed-in-header.tsx), a chunk of its own with the menus, dialogs
 * and checkout form, so signed-out pages (the landing page first) never download it.
 */
import { lazy, Suspense, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { whenIdle } from "../../lib/when-idle";
import { HEADER, HEADER_ROW, WORDMARK } from "./header-frame";

const loadSignedInHeader = () => import("./signed-in-header");
const SignedInHeader = lazy(() => loadSignedInHeader().then((m) => ({ default: m.SignedInHeader })));

/** Screens where signing in is the next step: the signed-in header is fetched while idle there. */
const ACCOUNT_FORMS: ReadonlySet<string> = new Set([paths.login, paths.subscribe, paths.join]);

export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  const prefetch = session.status === "signed-out" && ACCOUNT_FORMS.has(pathname.replace(/\/+$/, ""));
  useEffect(() => (prefetch ? whenIdle(() => void loadSignedInHeader()) : undefined), [prefetch]);

  if (session.status !== "signed-in") {
    return (
      <header className={HEADER}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-center px-4">
          <Link to={paths.landing} className={WORDMARK}>
            MAYBE
          </Link>
        </div>
      </header>
    );
  }
  return (
    <Suspense fallback={<SignedInHeaderStandIn />}>
      <SignedInHeader profile={session.profile} />
    </Suspense>
  );
}

/** The same box and wordmark as the signed-in header while its chunk loads: nothing moves when it arrives. */
function SignedInHeaderStandIn() {
  return (
    <header className={HEADER}>
      <div className={HEADER_ROW}>
        <Link to={paths.home} className={WORDMARK}>
          MAYBE
        </Link>
      </div>
    </header>
  );
}
