import { Link, Navigate } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { Hero } from "../../features/marketing/components/hero";
import { useDocumentTitle } from "../../hooks/use-document-title";

/** Landing (/): signed-in users go on to /home; while unknown, the signed-out page shows. */
export function LandingRoute() {
  useDocumentTitle();
  const session = useSession();
  if (session.status === "signed-in") return <Navigate to={paths.home} replace />;
  return (
    <Hero
      welcome={
        <p>
          Welcome to MAYBE, a curated community for independent creators, the stories behind their work
          and the merch they make.
        </p>
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
