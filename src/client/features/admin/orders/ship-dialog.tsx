/**
 * The ship form: a carrier and the parcel's tracking number. The server checks both (the same
 * schema as the API) and its message for each lands on its field; what was typed stays, also when
 * the dialog is closed and opened again.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ShipOrderInput } from "../../../../common/api/admin-orders";
import { CARRIER_IDS, CARRIERS } from "../../../../common/fulfilment";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { ORDER_TEXT } from "./order-texts";


export type ShipFieldErrors = Partial<Record<keyof ShipOrderInput, string>>;

/**
 * Why an attempt did not ship: messages per field or one for the form (the dialog stays open), or
 * `closed` (the caller closed it to show the page's message). What was typed stays in every case.
 */
export type ShipRefusal = { fields: ShipFieldErrors } | { failure: string } | { closed: true };

export interface ShipDialogProps {
  open: boolean;
  orderId: string;
  busy: boolean;
  onClose: () => void;
  /** Ships; resolves to null once shipped (the caller closes the dialog), or to why not. */
  onShip: (values: ShipOrderInput) => Promise<ShipRefusal | null>;
}

export function ShipDialog({ open, orderId, busy, onClose, onShip }: ShipDialogProps) {
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [errors, setErrors] = useState<ShipFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const carrierRef = useRef<HTMLSelectElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  // The fields are disabled while the request runs: the first one with a message takes focus
  // once they are enabled again.
  const [focusNext, setFocusNext] = useState<keyof ShipOrderInput | null>(null);
  useEffect(() => {
    if (busy || !focusNext) return;
    (focusNext === "carrier" ? carrierRef.current : trackingRef.current)?.focus();
    setFocusNext(null);
  }, [busy, focusNext]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const refusal = await onShip({ carrier: carrier as ShipOrderInput["carrier"], tracking_number: tracking });
    if (!refusal) {
      setCarrier("");
      setTracking("");
      setErrors({});
      return;
    }
    if ("closed" in refusal) return;
    if ("failure" in refusal) {
      setFailure(refusal.failure);
      return;
    }
    setErrors(refusal.fields);
    const first = refusal.fields.carrier ? "carrier" : refusal.fields.tracking_number ? "tracking_number" : null;
    setFocusNext(first);
  }

  /** Editing a field clears its own message, and only its own. */
  function edited(field: keyof ShipOrderInput) {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  return (
    <Dialog open={open} onClose={onClose} title={ORDER_TEXT.shipTitle(orderId)} dismissible={!busy}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <p className="text-sm text-muted">{ORDER_TEXT.shipHint}</p>
        {failure && <Alert>{failure}</Alert>}
        <SelectField
          ref={carrierRef}
          label={ORDER_TEXT.carrier}
          value={carrier}
          error={errors.carrier}
          disabled={busy}
          onChange={(event) => {
            setCarrier(event.target.value);
            edited("carrier");
          }}
        >
          <option value="">{ORDER_TEXT.carrierPlaceholder}</option>
          {CARRIER_IDS.map((id) => (
            <option key={id} value={id}>
              {CARRIERS[id].label}
            </option>
          ))}
        </SelectField>
        <TextField
          ref={trackingRef}
          label={ORDER_TEXT.trackingNumber}
          hint={ORDER_TEXT.trackingHint}
          value={tracking}
          error={errors.tracking_number}
          disabled={busy}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          onChange={(event) => {
            setTracking(event.target.value);
            edited("tracking_number");
          }}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {ORDER_TEXT.notYet}
          </Button>
          <Button type="submit" variant="dark" disabled={busy} aria-busy={busy || undefined}>
            {busy ? ORDER_TEXT.shipping : ORDER_TEXT.shipSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
