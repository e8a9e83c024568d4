import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "../../../hooks/use-prefers-reduced-motion";

/** Spec §2, §9: the cart icon bounces for 0.7 s every 4 s while the cart holds something. */
export const BOUNCE_EVERY_MS = 4000;
export const BOUNCE_FOR_MS = 700;

/** True while the cart icon should be bouncing; never under reduced motion. */
export function useCartBounce(active: boolean): boolean {
  const reducedMotion = usePrefersReducedMotion();
  const [bouncing, setBouncing] = useState(false);
  const enabled = active && !reducedMotion;

  useEffect(() => {
    if (!enabled) return;
    let stop: ReturnType<typeof setTimeout> | undefined;
    const every = setInterval(() => {
      setBouncing(true);
      stop = setTimeout(() => setBouncing(false), BOUNCE_FOR_MS);
    }, BOUNCE_EVERY_MS);
    return () => {
      clearInterval(every);
      clearTimeout(stop);
      setBouncing(false);
    };
  }, [enabled]);

  return enabled && bouncing;
}
