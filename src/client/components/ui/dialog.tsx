import { clsx } from "clsx";
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  /**
   * Called on Escape, the close button and a click on the backdrop, once the dialog has closed,
   * so the page is no longer inert and the caller can move focus back.
   */
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** For a trigger's aria-controls. */
  id?: string;
  /**
   * False while the dialog must stay open (a form being submitted): Escape, the backdrop and the
   * close button do nothing. Defaults to true.
   */
  dismissible?: boolean;
}

/**
 * A modal on the native <dialog> (showModal): the browser traps focus, makes the rest of the
 * page inert and handles Escape. No run-time styles, so it works under the strict CSP.
 */
export function Dialog({ open, onClose, title, children, className, id, dismissible = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  /** Every way out goes through the native close, whose `close` event calls onClose. */
  const requestClose = () => {
    if (dismissible) ref.current?.close();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      // A dialog opened from inside another (a report from the product modal) is that one's child
      // in React's tree, where close and cancel bubble as they do not in the DOM: stopped here, so
      // closing the inner one leaves the outer open.
      onClose={(event) => {
        event.stopPropagation();
        if (open) onClose();
      }}
      onCancel={(event) => {
        event.stopPropagation();
        if (!dismissible) event.preventDefault();
      }}
      onClick={(event) => {
        // The dialog box has no padding of its own, so only a backdrop click targets it.
        if (event.target === event.currentTarget) requestClose();
      }}
      className={clsx(
        "m-auto w-[min(28rem,calc(100vw-2rem))] overflow-visible rounded-lg border-[3px] border-ink bg-paper p-0 text-ink shadow-hard-lg",
        "open:animate-pop",
        className,
      )}
    >
      <div className="p-6 sm:p-7">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-heavy text-2xl sm:text-3xl">
            {title}
          </h2>
          <button
            type="button"
            onClick={requestClose}
            disabled={!dismissible}
            aria-label="Close"
            className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-md border-[3px] border-ink bg-white shadow-hard-sm hover:bg-yellow-soft disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" strokeWidth={3} />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
