/** What every back-office list shows around its rows: loading, a failure with a retry, empty, and Load more. */
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";

export function ListLoading({ text }: { text: string }) {
  return (
    <p role="status" className="py-10 text-center text-lg font-bold">
      {text}
    </p>
  );
}

export function ListFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{text}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">{children}</p>;
}

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <Button variant="secondary" className="self-center" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
      {isFetchingNextPage ? "Loading..." : "Load more"}
    </Button>
  );
}
