import { api } from "../../../lib/api";
import type { PlayCounted } from "../../../../common/api/radio";
import type { PlayReport } from "../lib/play-tracker";

export const PLAYS_URL = "/api/radio/plays";

/**
 * POST /api/radio/plays, fire and forget: a play that cannot be counted is not worth a message
 * or a console error. `leaving`: the page is going away, so the request must outlive it (a beacon,
 * or a keepalive fetch where beacons are missing or refused). `onCounted` runs after a counted
 * play while the page stays.
 */
export function countPlay(report: PlayReport, leaving: boolean, onCounted?: () => void): void {
  const body = JSON.stringify(report);
  if (leaving) {
    try {
      if (navigator.sendBeacon(PLAYS_URL, new Blob([body], { type: "application/json" }))) return;
    } catch {
      // A browser without beacons, or one that refuses a JSON body: the fetch below.
    }
    fetch(PLAYS_URL, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body,
    }).catch(() => undefined);
    return;
  }
  api<PlayCounted>(PLAYS_URL, { method: "POST", body: report }).then(
    () => onCounted?.(),
    () => undefined,
  );
}
