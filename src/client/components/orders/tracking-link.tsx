import { clsx } from "clsx";
import { ExternalLink } from "lucide-react";
import type { Tracking } from "../../../common/api/orders";

/**
 * The carrier's tracking page of a shipped parcel, in a new tab (the carrier's site, not ours:
 * noopener and noreferrer, so it neither reaches back into this page nor learns its address).
 */
export function TrackingLink({ tracking, className }: { tracking: Tracking; className?: string }) {
  return (
    <a
      href={tracking.url}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx("link-ink inline-flex items-center gap-1.5 font-bold break-all", className)}
    >
      Track with {tracking.carrier_label}
      <ExternalLink aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.75} />
      <span className="sr-only"> (tracking number {tracking.number}, opens in a new tab)</span>
    </a>
  );
}
