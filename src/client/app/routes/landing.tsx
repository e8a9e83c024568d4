import { Link, Navigate, useLocation } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { Hero } from "../../features/marketing/components/hero";
import { useDocumentTitle } from "../../hooks/use-document-title";

/** Landing (/): signed-in users go on to /home; while unknown, the signed-out page shows. */
export function LandingRoute() {
  useDocumentTitle();
  const session = useSession();
  // A sentence left by the page that brought the visitor here (an account just deleted).
  const notice = noticeOf(useLocation().state);
  if (session.status === "signed-in" && !notice) return <Navigate to={paths.home} replace />;
  return (
    <Hero
      welcome={
        <>
          {notice && (
            <p role="status" className="mb-4 rounded-md border-[3px] border-ink bg-teal-soft px-3.5 py-2 font-bold">
              {notice}
            </p>
          )}
          <p>
            Welcome to MAYBE, a curated community for independent creators, the stories behind their work
            and the merch they make.
          </p>
        </>
      }
    >
      <Link to={paths.subscribe} className={buttonClasses({ variant: "primary", size: "lg" }, "min-w-60")}>
        SUBSCRIBE
      </Link>
      <Link to={paths.login} className="link-ink text-base sm:text-lg">
        Already have an account? Sign in
      </Link>
    </Hero>
  );
}

function noticeOf(state: unknown): string | null {
  return state && typeof state === "object" && "notice" in state && typeof state.notice === "string" ? state.notice : null;
}
