/**
 * One product's stock adjustment: an amount to add (5) or take away (-2) and the reason, checked
 * with the server's own schema before it is sent. Whatever fails (a field, the 409 of a stock that
 * would go below 0, the connection), what was typed stays.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { STOCK_REASON_MAX } from "../../../../common/admin-fields";
import type { StockAdjustmentInput } from "../../../../common/api/admin";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { failureMessage, isApiError } from "../../../lib/api";
import { whenIdle } from "../../../lib/when-idle";
import { useAdjustStock } from "./adjust-stock";
import type { InventoryItem } from "./list-inventory";

export const ADJUST_TEXT = {
  size: "Size",
  amount: "Amount",
  amountHint: "5 adds five, -2 takes two away.",
  reason: "Reason",
  reasonHint: "Kept in the audit log, e.g. 'Counted the shelf'.",
  save: "Save adjustment",
  saving: "Saving...",
  cancel: "Cancel",
  preview: (from: number, to: number) => `Stock ${from} → ${to}`,
  /** A delta that would take the stock below 0: the server refuses it (409 STOCK_CONFLICT), so the form says so first. */
  belowZero: (stock: number) =>
    stock === 0 ? "The stock is 0: nothing can be taken away." : `The stock is ${stock}: at most ${stock} can be taken away (-${stock}).`,
  failed: "The stock could not be changed. Check your connection and try again.",
  done: (title: string, from: number, to: number) => `Stock of ${title}: ${from} → ${to}.`,
} as const;

type Field = "delta" | "reason";
type Checked = { ok: true; value: StockAdjustmentInput } | { ok: false; fields: Partial<Record<Field, string>> };

/**
 * Checks the form with the server's own schema, loaded with zod on first use (the back office's
 * pages stay light, docs/decisions/0013). Should the load fail, the server checks it instead, with
 * the same messages.
 */
let schema: Promise<typeof import("../../../../common/api/admin").StockAdjustmentSchema> | undefined;
const loadSchema = () =>
  (schema ??= import("../../../../common/api/admin").then(
    (m) => m.StockAdjustmentSchema,
    (error: unknown) => {
      schema = undefined;
      throw error;
    },
  ));

async function check(input: StockAdjustmentInput): Promise<Checked> {
  let parsed;
  try {
    parsed = (await loadSchema()).safeParse(input);
  } catch {
    return { ok: true, value: input };
  }
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) fields[issue.path[0] as Field] ??= issue.message;
  return { ok: false, fields };
}

/** The amount as typed, as the API takes it: a number, or undefined when the box is empty. */
function amountOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

export interface StockAdjustFormProps {
  uid: string;
  item: InventoryItem;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function StockAdjustForm({ uid, item, onDone, onCancel }: StockAdjustFormProps) {
  const adjust = useAdjustStock(uid);
  const [amount, setAmount] = useState("");
  // A product sold in sizes is adjusted one size at a time.
  const [size, setSize] = useState(item.sizes[0]?.size);
  const current = size ? (item.sizes.find((s) => s.size === size)?.stock ?? 0) : item.stock;
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  useEffect(() => whenIdle(() => void loadSchema().catch(() => {})), []);

  const delta = amountOf(amount);
  const preview = delta !== undefined && Number.isInteger(delta) && delta !== 0 ? current + delta : null;
  /** Never a preview below 0: the stock cannot go there, and the form says how far it can. */
  const refused = preview !== null && preview < 0 ? ADJUST_TEXT.belowZero(current) : undefined;

  function showErrors(fields: Partial<Record<Field, string>>) {
    setErrors(fields);
    (fields.delta ? amountRef : reasonRef).current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (refused) return showErrors({ delta: refused });
    const checked = await check({ delta: delta as number, reason, ...(size ? { size } : {}) });
    if (!checked.ok) return showErrors(checked.fields);
    setErrors({});
    try {
      const after = await adjust.mutateAsync({ productId: item.id, adjustment: checked.value });
      const now = size ? (after.sizes.find((s) => s.size === size)?.stock ?? 0) : after.stock;
      onDone(ADJUST_TEXT.done(size ? `${after.title} (${size})` : after.title, now - checked.value.delta, now));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) return showErrors(error.fields);
      setFailure(failureMessage(error, ADJUST_TEXT.failed));
      amountRef.current?.focus();
    }
  }

  const busy = adjust.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Adjust the stock of ${item.title}`} className="flex flex-col gap-4">
      {failure && <Alert>{failure}</Alert>}
      {size && (
        <SelectField label={ADJUST_TEXT.size} className="sm:w-52" value={size} onChange={(event) => setSize(event.target.value as typeof size)}>
          {item.sizes.map((s) => (
            <option key={s.size} value={s.size}>
              {`${s.size} (${s.stock} in stock)`}
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-[13rem_1fr]">
        <TextField
          ref={amountRef}
          label={ADJUST_TEXT.amount}
          type="number"
          step={1}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          error={errors.delta ?? refused}
          hint={preview === null || refused ? ADJUST_TEXT.amountHint : ADJUST_TEXT.preview(current, preview)}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((e) => ({ ...e, delta: undefined }));
          }}
        />
        <TextField
          ref={reasonRef}
          label={ADJUST_TEXT.reason}
          value={reason}
          // Room past the limit: a pasted reason that is too long gets the message rather than being cut.
          maxLength={STOCK_REASON_MAX + 50}
          autoComplete="off"
          error={errors.reason}
          hint={ADJUST_TEXT.reasonHint}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="dark" size="sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? ADJUST_TEXT.saving : ADJUST_TEXT.save}
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
          {ADJUST_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
