/**
 * A scheduled drop as the store shows it (docs/decisions/0025): 'Drops Fri 7 PM' in the viewer's
 * own time zone, with the ISO time in the element for machines. The server knows no viewer's zone,
 * so its HTML (and the hydration of it) says the time in UTC; the browser's next render says it
 * in the viewer's zone. Whether a drop is still ahead is only shown here: the server decides.
 */
import { useEffect, useReducer } from "react";
import { DROP_TEXT, dropIsAhead, dropTimeText } from "../../../common/drops";
import { useServerRendered } from "../../hooks/use-server-rendered";

export function DropTime({ at, className }: { at: string; className?: string }) {
  const serverRendered = useServerRendered();
  return (
    <time dateTime={at} className={className}>
      {DROP_TEXT.drops(dropTimeText(at, serverRendered ? "UTC" : undefined))}
    </time>
  );
}

/** The longest timeout a browser keeps (about 24.8 days); a later drop is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** Whether a drop is still ahead by this browser's clock; it turns false, with a render, when its time comes. */
export function useDropAhead(dropsAt: string | null): boolean {
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const ahead = dropIsAhead(dropsAt, Date.now());
  useEffect(() => {
    if (!ahead || !dropsAt) return;
    const timer = setTimeout(recheck, Math.min(Math.max(Date.parse(dropsAt) - Date.now(), 0), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [dropsAt, ahead]);
  return ahead;
}
