/**
 * 'Notify me' in the product modal (issue 32, docs/decisions/0030): on a sold-out size (or product)
 * and on a drop that has not opened, a toggle (`aria-pressed`) that asks for one e-mail when it is
 * back or opens; the request ends with that e-mail.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { StockAlerts } from "../../../../common/api/stock-alerts";
import { variantIdOf, type Size } from "../../../../common/sizes";
import { Button } from "../../../components/ui/button";
import { api, failureMessage } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

const TEXT = {
  back: "Notify me when it's back",
  opens: "Notify me when it opens",
  waiting: "We'll e-mail you",
  asked: "We'll e-mail you once when it's here. You can ask again after that.",
  stopped: "You won't get an e-mail about it.",
  failed: "That did not work. Please try again.",
} as const;

export function NotifyMe({ uid, productId, size, opening }: { uid: string; productId: string; size: Size | null; opening: boolean }) {
  const key = userKey(uid, "stock-alerts");
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: key, queryFn: ({ signal }) => api<StockAlerts>("/api/me/stock-alerts", { signal }) });
  const [status, setStatus] = useState<{ text: string; error?: true } | null>(null);
  const [pending, setPending] = useState(false);
  const waitingFor = opening ? productId : variantIdOf(productId, size);
  const waiting = alerts.data?.variant_ids.includes(waitingFor) ?? false;

  async function toggle() {
    const want = !waiting;
    setPending(true);
    setStatus(null);
    try {
      const path = `/api/me/stock-alerts/${encodeURIComponent(productId)}`;
      await api(path, want ? { method: "PUT", body: { size: opening ? null : size } } : { method: "DELETE" });
      queryClient.setQueryData<StockAlerts>(key, (old) => {
        const others = (old?.variant_ids ?? []).filter((id) => (want ? id !== waitingFor : !id.startsWith(productId)));
        return { variant_ids: want ? [...others, waitingFor] : others };
      });
      setStatus({ text: want ? TEXT.asked : TEXT.stopped });
    } catch (failure) {
      setStatus({ text: failureMessage(failure, TEXT.failed), error: true });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" block aria-pressed={waiting} aria-busy={pending || undefined} disabled={pending || alerts.isPending} onClick={() => void toggle()}>
        {waiting ? TEXT.waiting : opening ? TEXT.opens : TEXT.back}
      </Button>
      <p role="status" className={`min-h-5 text-sm font-bold ${status?.error ? "text-danger" : "text-muted"}`}>
        {status?.text}
      </p>
    </div>
  );
}
