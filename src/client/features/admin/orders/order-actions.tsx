/**
 * What can be done to an order, one button per move its status allows (the server's `actions`):
 * Mark Paid and Mark Delivered at once, Ship through its form, Cancel Order and Refund behind a
 * confirm step with an optional note. A 409 (another admin moved the order first) shows its
 * message and the order as it is now; a move that went through is announced.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import type { AdminOrder, ShipOrderInput } from "../../../../common/api/admin-orders";
import { FULFILMENT_MESSAGES, ORDER_ACTION_LABELS, type OrderAction } from "../../../../common/fulfilment";
import { formatCents } from "../../../../common/money";
import { Alert } from "../../../components/ui/alert";
import { useAnnounce } from "../../../components/ui/announcer";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextAreaField } from "../../../components/ui/field";
import { failureMessage, isApiError, logFailure } from "../../../lib/api";
import { adminOrderQueryOptions } from "./get-admin-order";
import { useMoveOrder, type OrderMove } from "./move-order";
import { ORDER_TEXT } from "./order-texts";
import { ShipDialog, type ShipRefusal } from "./ship-dialog";

const NOTE_MAX = 500;

type Confirming = "cancel" | "refund" | null;

type Outcome =
  | { kind: "done" }
  | { kind: "fields"; fields: Record<string, string> }
  | { kind: "conflict"; message: string }
  | { kind: "failed"; message: string };

export function OrderActions({ uid, order }: { uid: string; order: AdminOrder }) {
  const move = useMoveOrder(uid, order.id);
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: adminOrderQueryOptions(uid, order.id).queryKey });
  const announce = useAnnounce();
  const [error, setError] = useState<string | null>(null);
  const [shipping, setShipping] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  /**
   * Runs a move. A refusal the open form shows itself (messages per field) or one the page shows
   * (a conflict, a failure) comes back for the caller to place.
   */
  async function run(request: OrderMove): Promise<Outcome> {
    setError(null);
    try {
      await move.mutateAsync(request);
      announce(FULFILMENT_MESSAGES.moved(order.id, request.action));
      // The button pressed is gone with the status that allowed it: focus goes to the actions.
      requestAnimationFrame(() => headingRef.current?.focus());
      return { kind: "done" };
    } catch (failure) {
      logFailure(`order ${request.action} failed`, failure);
      if (!isApiError(failure)) return { kind: "failed", message: ORDER_TEXT.moveFailed };
      if (failure.status === 400 && Object.keys(failure.fields).length > 0) return { kind: "fields", fields: failure.fields };
      if (failure.code === "ORDER_CONFLICT" || failure.status === 404) {
        // Another admin moved (or removed) the order: say what happened and show it as it is now.
        void refetch();
        return { kind: "conflict", message: failure.message };
      }
      return { kind: "failed", message: failureMessage(failure, ORDER_TEXT.moveFailed) };
    }
  }

  async function ship(values: ShipOrderInput): Promise<ShipRefusal | null> {
    const outcome = await run({ action: "ship", body: values });
    switch (outcome.kind) {
      case "done":
        setShipping(false);
        return null;
      case "fields":
        return { fields: outcome.fields };
      case "failed":
        return { failure: outcome.message };
      case "conflict":
        setShipping(false);
        setError(outcome.message);
        return { closed: true };
    }
  }

  async function confirm() {
    if (!confirming) return;
    const outcome = await run({ action: confirming, body: note.trim() ? { note } : {} });
    if (outcome.kind === "fields") {
      setNoteError(outcome.fields.note ?? Object.values(outcome.fields)[0]);
      return;
    }
    setConfirming(null);
    if (outcome.kind === "done") setNote("");
    else setError(outcome.message);
  }

  function press(action: OrderAction) {
    if (action === "ship") setShipping(true);
    else if (action === "cancel" || action === "refund") {
      setNoteError(undefined);
      setConfirming(action);
    } else {
      void run({ action }).then((outcome) => {
        if (outcome.kind !== "done") setError(outcome.kind === "fields" ? ORDER_TEXT.moveFailed : outcome.message);
      });
    }
  }

  const busy = move.isPending;
  const total = formatCents(order.total_cents);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border-[3px] border-ink bg-yellow-soft p-4 shadow-hard sm:p-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-heavy text-xl focus:outline-none">
        {ORDER_TEXT.actions}
      </h2>
      {error && <Alert>{error}</Alert>}
      {order.actions.length === 0 ? (
        <p className="font-bold">{ORDER_TEXT.noActions}</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {order.actions.map((action) => {
            const pending = busy && move.variables?.action === action;
            return (
              <Button
                key={action}
                variant={action === "cancel" || action === "refund" ? "secondary" : "dark"}
                disabled={busy}
                aria-busy={pending || undefined}
                onClick={() => press(action)}
              >
                {pending && (action === "pay" || action === "deliver") ? ORDER_TEXT.working : ORDER_ACTION_LABELS[action]}
              </Button>
            );
          })}
        </div>
      )}

      <ShipDialog open={shipping} orderId={order.id} busy={busy} onClose={() => setShipping(false)} onShip={ship} />

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === "refund" ? ORDER_TEXT.refundTitle(order.id) : ORDER_TEXT.cancelTitle(order.id)}
        confirmLabel={confirming === "refund" ? ORDER_TEXT.refundConfirm : ORDER_TEXT.cancelConfirm}
        busyLabel={ORDER_TEXT.working}
        cancelLabel={ORDER_TEXT.keep}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      >
        <div className="flex flex-col gap-4">
          <p>{confirming === "refund" ? ORDER_TEXT.refundBody(total) : ORDER_TEXT.cancelBody(total)}</p>
          <TextAreaField
            label={ORDER_TEXT.note}
            labelNote={ORDER_TEXT.noteOptional}
            value={note}
            maxLength={NOTE_MAX}
            error={noteError}
            disabled={busy}
            className="[&_textarea]:min-h-20"
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(undefined);
            }}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
