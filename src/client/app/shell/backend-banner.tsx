import { Info, TriangleAlert } from "lucide-react";
import { useSiteConfig } from "../../features/system/api/get-config";
import { useBackendHealth } from "../../features/system/api/get-health";

/**
 * Preview-backend banner (DECISIONS.md 13): /api/health is polled on load and every 30 s.
 * Unreachable: a warning. Reachable and configuration asks for it: an info line. Else nothing.
 * The live region stays mounted so a change is announced.
 */
export function BackendBanner() {
  const health = useBackendHealth();
  const config = useSiteConfig();
  const disconnected = health.data === false;
  const running = health.data === true && config.data?.showBackendBanner === true;

  return (
    <div role="status" className="print:hidden">
      {disconnected && (
        <div className="border-b-[3px] border-ink bg-yellow">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm sm:px-6 font-bold text-ink">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" strokeWidth={2.5} />
            Preview backend disconnected.
          </p>
        </div>
      )}
      {running && (
        <div className="border-b-[3px] border-ink bg-blue-soft">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm sm:px-6 font-bold text-ink">
            <Info aria-hidden="true" className="size-5 shrink-0" strokeWidth={2.5} />
            Preview backend running in this workspace.
          </p>
        </div>
      )}
    </div>
  );
}
