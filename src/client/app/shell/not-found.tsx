import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { useNotFoundStatus } from "./render-status";

export function NotFound() {
  useDocumentTitle("Page not found");
  useNotFoundStatus();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
      <p className="font-heavy -rotate-2 rounded-sm border-[3px] border-ink bg-yellow px-3 py-1 text-2xl shadow-hard">404</p>
      <h1 className="font-heavy text-[2.5rem] sm:text-6xl">Page not found</h1>
      <p className="text-lg text-muted">
        Maybe it moved, maybe it never existed. Either way, there is nothing at this address.
      </p>
      <Link to={paths.landing} className={buttonClasses({ variant: "primary" })}>
        Take me home
      </Link>
    </section>
  );
}
