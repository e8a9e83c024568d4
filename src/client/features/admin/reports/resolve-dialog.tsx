/**
 * Confirms a resolution and takes its optional note (kept in the report and the audit log). The
 * note stays when the server refuses it; the dialog cannot be dismissed while the request runs.
 */
import { useState } from "react";
import { RESOLUTION_NOTE_MAX } from "../../../../common/reports";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextAreaField } from "../../../components/ui/field";
import { count } from "../shared/count";
import type { AdminReport } from "./list-reports";
import type { ResolveAction } from "./resolve-report";

export const RESOLVE_TEXT = {
  hideTitle: "Hide this item?",
  dismissTitle: "Dismiss the reports?",
  hideBody: (name: string, n: number) =>
    `“${name}” leaves every list, the search and everyone's favorites until it is unhidden in Curation. ` +
    `${count(n, "open report", "open reports")} of it will be closed.`,
  dismissBody: (name: string, n: number) =>
    `“${name}” stays on the site. ${count(n, "open report", "open reports")} of it will be dismissed; its reporters may report it again.`,
  note: "Note for the audit log",
  optional: "(optional)",
  count: (n: number) => `${n} of ${RESOLUTION_NOTE_MAX} characters`,
  cancel: "Cancel",
  hide: "Hide Item",
  dismiss: "Dismiss",
  working: "Saving...",
} as const;

function markAutofocus(element: HTMLElement | null) {
  element?.setAttribute("autofocus", "");
}

export interface ResolveDialogProps {
  request: { report: AdminReport; action: ResolveAction } | null;
  busy: boolean;
  errors: { note?: string; form?: string };
  onConfirm: (note: string) => void;
  onClose: () => void;
}

export function ResolveDialog({ request, busy, errors, onConfirm, onClose }: ResolveDialogProps) {
  const hide = request?.action === "hide";
  return (
    <Dialog open={request !== null} onClose={onClose} dismissible={!busy} title={hide ? RESOLVE_TEXT.hideTitle : RESOLVE_TEXT.dismissTitle}>
      {/* Keyed by the report and action, so each resolution starts with an empty note. */}
      {request && <ResolveForm key={`${request.report.id}:${request.action}`} {...{ request, busy, errors, onConfirm, onClose }} />}
    </Dialog>
  );
}

function ResolveForm({ request, busy, errors, onConfirm, onClose }: ResolveDialogProps & { request: NonNullable<ResolveDialogProps["request"]> }) {
  const [note, setNote] = useState("");
  const { report, action } = request;
  const name = report.item.title ?? "The item";
  const hide = action === "hide";
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onConfirm(note);
      }}
    >
      <p className="text-base [overflow-wrap:anywhere]">
        {hide ? RESOLVE_TEXT.hideBody(name, report.open_reports) : RESOLVE_TEXT.dismissBody(name, report.open_reports)}
      </p>
      <TextAreaField
        ref={markAutofocus}
        label={RESOLVE_TEXT.note}
        labelNote={RESOLVE_TEXT.optional}
        name="note"
        rows={3}
        value={note}
        maxLength={RESOLUTION_NOTE_MAX}
        disabled={busy}
        error={errors.note}
        hint={RESOLVE_TEXT.count(note.length)}
        className="[&_textarea]:min-h-24"
        onChange={(event) => setNote(event.target.value)}
      />
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {RESOLVE_TEXT.cancel}
        </Button>
        <Button type="submit" variant="dark" disabled={busy} aria-busy={busy || undefined}>
          {busy ? RESOLVE_TEXT.working : hide ? RESOLVE_TEXT.hide : RESOLVE_TEXT.dismiss}
        </Button>
      </div>
    </form>
  );
}
