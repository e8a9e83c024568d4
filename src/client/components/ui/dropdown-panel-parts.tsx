/**
 * Pieces the header's dropdown panels share. The panels live with the features that own them
 * (cart, favorites, account) and the shell; the shell decides which one is open and passes these
 * props to whichever it renders.
 */
import type { LucideIcon } from "lucide-react";
import type { Ref } from "react";

/** What the shell gives every panel it renders: its id, the ref it focuses, and a way to close it. */
export interface PanelBase {
  id: string;
  ref: Ref<HTMLDivElement>;
  onFocusLeave: () => void;
}

export interface PanelNavigates {
  /** A link inside the panel was followed. */
  onNavigate: () => void;
}

export function PanelHeading({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b-[3px] border-ink bg-yellow px-4 py-3">
      <p className="font-heavy text-lg">{title}</p>
      {detail && <p className="text-sm font-bold">{detail}</p>}
    </div>
  );
}

export function PanelLoading() {
  return (
    <p className="px-4 py-8 text-center font-bold" role="status">
      Loading...
    </p>
  );
}

export function PanelEmptyState({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted" strokeWidth={2.5} />
      <p className="font-bold">{text}</p>
    </div>
  );
}
