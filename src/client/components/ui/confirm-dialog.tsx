import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

function markAutofocus(button: HTMLButtonElement | null) {
  button?.setAttribute("autofocus", "");
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, e.g. "Delete story". */
  confirmLabel: string;
  /** Its label while the request runs. */
  busyLabel?: string;
  /** The button that changes nothing; "Cancel" unless that would read as the action itself (e.g. "Keep Order"). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button or the backdrop. */
  onClose: () => void;
}

/**
 * "Are you sure?" on the native <dialog> (docs/decisions/0002). Focus starts on Cancel, so a
 * stray Enter changes nothing; it cannot be dismissed while the request runs.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = "Cancel",
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} dismissible={!busy}>
      <div className="flex flex-col gap-6">
        <div className="text-base">{children}</div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {/* The `autofocus` attribute itself: showModal() focuses it (React's autoFocus acts on mount, while the dialog is closed). */}
          <Button variant="secondary" ref={markAutofocus} disabled={busy} onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant="dark" aria-busy={busy || undefined} disabled={busy} onClick={onConfirm}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
