import { useId, useState, type FormEvent } from "react";
import type { Size } from "../../../../common/sizes";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { failureMessage, isApiError } from "../../../lib/api";
import { useProductAction, type StudioProduct } from "./studio-products-api";

/**
 * Stock is adjusted, never typed over: how many to add (or take away, negative) to one size, and
 * why; the reason goes to the audit log. A checkout meanwhile is never overwritten.
 */
export function StockAdjust({ uid, product, onDone }: { uid: string; product: StudioProduct; onDone: (message: string) => void }) {
  const action = useProductAction(uid);
  const id = useId();
  const sized = product.variants.some((v) => v.size !== null);
  const [size, setSize] = useState<Size | "">(sized ? (product.variants[0]?.size ?? "") : "");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const amount = Number(delta);
    try {
      const saved = await action.mutateAsync({
        kind: "stock",
        id: product.id,
        adjustment: { delta: delta.trim() === "" ? Number.NaN : amount, reason, ...(size ? { size } : {}) },
      });
      const left = saved.variants.find((v) => v.size === (size || null))?.stock ?? saved.stock;
      onDone(`${size ? `${size}: ` : ""}${left} in stock now.`);
      setDelta("");
      setReason("");
    } catch (failure) {
      setError(isApiError(failure) && failure.fields ? Object.values(failure.fields)[0]! : failureMessage(failure, "The stock could not be changed."));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-describedby={error ? `${id}-error` : undefined} className="flex flex-wrap items-end gap-3">
      {sized && (
        <SelectField label="Size" value={size} onChange={(e) => setSize(e.target.value as Size)}>
          {product.variants.map((v) => (
            <option key={v.id} value={v.size ?? ""}>
              {`${v.size} (${v.stock} in stock)`}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label="Add or take away" type="number" inputMode="numeric" className="w-40" value={delta} onChange={(e) => setDelta(e.target.value)} placeholder="+5 or -2" />
      <TextField label="Reason" className="min-w-56 flex-1" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Counted the shelf" />
      <Button type="submit" variant="dark" aria-busy={action.isPending || undefined} disabled={action.isPending}>
        Adjust stock
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full font-bold text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
