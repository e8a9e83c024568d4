/**
 * The report dialog (docs/decisions/0019): a reason from the short list, an optional note, Send or
 * Cancel. Whatever the server answers, what the user chose and typed stays; the thanks replaces
 * the form once the report is stored. Its own chunk (report-button.tsx loads it), with no zod: the
 * server checks the same rules and its messages are shown as they come.
 */
import { clsx } from "clsx";
import { CircleCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { REPORT_MESSAGES, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_IDS, type ReportKind, type ReportReason } from "../../../common/reports";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextAreaField } from "../ui/field";
import { sendReport, type ReportErrors } from "./send-report";

export const REPORT_TEXT = {
  title: (kind: ReportKind) => `Report this ${kind}`,
  intro: (name: string) => `Tell the curators what is wrong with “${name}”. Only they see your report.`,
  reason: "Why are you reporting it?",
  note: "Anything they should know?",
  optional: "(optional)",
  noteCount: (n: number) => `${n} of ${REPORT_NOTE_MAX} characters`,
  send: "Send Report",
  sending: "Sending...",
  cancel: "Cancel",
  done: "Done",
} as const;

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  kind: ReportKind;
  itemId: string;
  itemName: string;
}

export function ReportDialog({ open, onClose, kind, itemId, itemName }: ReportDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title={REPORT_TEXT.title(kind)}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(34rem,calc(100vw-2rem))]"
    >
      {/* Only while open: closing starts the next report afresh. */}
      {open && <ReportForm kind={kind} itemId={itemId} itemName={itemName} onBusy={setBusy} onClose={onClose} />}
    </Dialog>
  );
}

function ReportForm({ kind, itemId, itemName, onBusy, onClose }: Omit<ReportDialogProps, "open"> & { onBusy: (busy: boolean) => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<ReportErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const ids = useId();
  const reasonErrorId = `${ids}-reason-error`;

  function busy(value: boolean) {
    setSending(value);
    onBusy(value);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (reason === null) {
      setErrors({ reason: REPORT_MESSAGES.reasonRequired });
      event.currentTarget.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    setErrors({});
    busy(true);
    const result = await sendReport({ kind, item_id: itemId, reason, note });
    busy(false);
    if (result.ok) setSent(true);
    else setErrors(result.errors);
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-6">
        <p role="status" className="flex items-start gap-2.5 rounded-md border-[3px] border-ink bg-teal-soft px-3.5 py-3 text-base font-bold shadow-hard-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" strokeWidth={2.75} />
          {REPORT_MESSAGES.thanks}
        </p>
        <Button variant="dark" className="self-end" ref={focusNow} onClick={onClose}>
          {REPORT_TEXT.done}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <p className="text-base break-words">{REPORT_TEXT.intro(itemName)}</p>

      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined} disabled={sending} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-bold tracking-wide uppercase">{REPORT_TEXT.reason}</legend>
        {REPORT_REASON_IDS.map((id, index) => (
          <label
            key={id}
            className={clsx(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-[3px] bg-white px-3.5 py-2 text-base font-semibold shadow-hard-sm",
              "has-checked:bg-yellow-soft",
              errors.reason ? "border-danger" : "border-ink",
            )}
          >
            <input
              type="radio"
              name="reason"
              value={id}
              ref={index === 0 ? markAutofocus : undefined}
              checked={reason === id}
              aria-invalid={errors.reason ? true : undefined}
              onChange={() => {
                setReason(id);
                setErrors(({ reason: _cleared, ...rest }) => rest);
              }}
              className="size-5 shrink-0 accent-ink"
            />
            {REPORT_REASONS[id]}
          </label>
        ))}
        {errors.reason && (
          <p id={reasonErrorId} className="text-sm font-semibold text-danger">
            {errors.reason}
          </p>
        )}
      </fieldset>

      <TextAreaField
        label={REPORT_TEXT.note}
        labelNote={REPORT_TEXT.optional}
        name="note"
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        disabled={sending}
        error={errors.note}
        hint={REPORT_TEXT.noteCount(note.length)}
        className="[&_textarea]:min-h-24"
        onChange={(event) => {
          setNote(event.target.value);
          if (errors.note) setErrors(({ note: _cleared, ...rest }) => rest);
        }}
      />

      {errors.form && <Alert>{errors.form}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={sending} onClick={onClose}>
          {REPORT_TEXT.cancel}
        </Button>
        <Button type="submit" variant="dark" aria-busy={sending || undefined} disabled={sending}>
          {sending ? REPORT_TEXT.sending : REPORT_TEXT.send}
        </Button>
      </div>
    </form>
  );
}

/** The Done button takes focus as the thanks replaces the form (the dialog is already open). */
function focusNow(button: HTMLButtonElement | null) {
  button?.focus();
}
