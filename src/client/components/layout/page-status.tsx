import { Button } from "../ui/button";

/** A page's loading line, in the place its content will take. */
export function PageLoading({ text = "Loading..." }: { text?: string }) {
  return (
    <p role="status" className="px-4 py-24 text-center text-lg font-bold">
      {text}
    </p>
  );
}

/** A page whose data could not be loaded (not a 404): says so and offers another try. */
export function PageLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-start gap-5 px-4 py-16 sm:px-6">
      <h1 className="font-heavy text-4xl sm:text-5xl">{title}</h1>
      <p role="alert" className="text-lg text-muted">
        Something went wrong while loading this page. Check your connection and try again.
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
