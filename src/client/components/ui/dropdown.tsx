/**
 * Small hand-written dropdown pieces. The owner keeps the open state (so opening one menu closes
 * the others); these pieces give the panel its look, arrow-key movement inside role="menu", and
 * the document listeners for Escape and clicks outside.
 */
import { clsx } from "clsx";
import { useEffect, type ButtonHTMLAttributes, type HTMLAttributes, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from "react";
import { NavLink, type NavLinkProps } from "react-router";

/** Marks an element that toggles a dropdown, so a press on it is not an "outside click". */
export const TRIGGER_ATTRIBUTE = "data-menu-trigger";

const FOCUSABLE = '[role="menuitem"]:not([disabled]), a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/** Moves focus to the first item of a freshly opened panel, or to the panel itself. */
export function focusFirstIn(panel: HTMLElement | null): void {
  if (!panel) return;
  const first = panel.querySelector<HTMLElement>(FOCUSABLE);
  (first ?? panel).focus({ preventScroll: true });
}

export interface DismissOptions {
  open: boolean;
  panelRef: RefObject<HTMLElement | null>;
  /** Escape: close and return focus to the trigger. */
  onEscape: () => void;
  /** Press outside the panel and outside every trigger: close, focus stays where the user went. */
  onOutside: () => void;
}

export function useDismiss({ open, panelRef, onEscape, onOutside }: DismissOptions): void {
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        onEscape();
      }
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Element | null;
      if (!target) return;
      if (panelRef.current?.contains(target)) return;
      if (target.closest(`[${TRIGGER_ATTRIBUTE}]`)) return;
      onOutside();
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, panelRef, onEscape, onOutside]);
}

export interface DropdownPanelProps extends HTMLAttributes<HTMLDivElement> {
  id: string;
  /** Accessible name of the panel. */
  label: string;
  ref?: Ref<HTMLDivElement>;
  /** Focus left the panel for somewhere other than a trigger. */
  onFocusLeave?: () => void;
}

export function DropdownPanel({ id, label, ref, className, onFocusLeave, children, ...props }: DropdownPanelProps) {
  return (
    <div
      id={id}
      ref={ref}
      aria-label={label}
      tabIndex={-1}
      onBlur={(event) => {
        const next = event.relatedTarget as Element | null;
        if (!next || event.currentTarget.contains(next) || next.closest(`[${TRIGGER_ATTRIBUTE}]`)) return;
        onFocusLeave?.();
      }}
      className={clsx(
        "absolute top-[calc(100%+0.5rem)] right-4 z-40 w-80 max-w-[calc(100vw-2rem)] animate-pop sm:right-6",
        "rounded-lg border-[3px] border-ink bg-paper text-ink shadow-hard-lg focus-visible:outline-none",
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}

/** Up/Down/Home/End move between the menu items (WAI-ARIA menu pattern). */
function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowDown", "ArrowUp", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])'));
  if (items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  let next = 0;
  if (event.key === "ArrowDown") next = current < 0 ? 0 : (current + 1) % items.length;
  if (event.key === "ArrowUp") next = current <= 0 ? items.length - 1 : current - 1;
  if (event.key === "End") next = items.length - 1;
  items[next]?.focus();
}

export function Menu({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="menu" aria-label={label} onKeyDown={onMenuKeyDown} className={clsx("flex flex-col p-2", className)}>
      {children}
    </div>
  );
}

const ITEM =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-base font-bold text-ink hover:bg-yellow-soft focus-visible:bg-yellow-soft focus-visible:outline-offset-0";

export function MenuItem({ className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button role="menuitem" type={type} className={clsx(ITEM, className)} {...props} />;
}

/** A navigation item; the current page gets aria-current="page". */
export function MenuLink({ className, ...props }: Omit<NavLinkProps, "className"> & { className?: string }) {
  return <NavLink role="menuitem" end className={clsx(ITEM, "aria-[current=page]:bg-yellow", className)} {...props} />;
}

export function MenuSeparator() {
  return <div role="separator" className="mx-2 my-1.5 h-[3px] rounded bg-ink/15" />;
}
