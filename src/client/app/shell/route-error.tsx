import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../../components/ui/button";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { NotFound } from "./not-found";

/** Shown inside the shell when a route fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="font-heavy text-[2.5rem] sm:text-6xl">Something went wrong</h1>
      <p className="text-lg text-muted">This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  );
}
