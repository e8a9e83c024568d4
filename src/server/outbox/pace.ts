/**
 * The database worker's sending rate (MAIL_RATE_PER_SECOND): each call resolves at the next free
 * slot, one every 1/rate seconds, so a burst of a creator's followers goes out at the provider's
 * pace. Without a rate every call resolves at once.
 */
export function pacer(perSecond: number | undefined, clock: () => number = () => performance.now()): () => Promise<void> {
  if (!perSecond) return () => Promise.resolve();
  const gap = 1_000 / perSecond;
  let next = -Infinity;
  return async () => {
    const at = clock();
    const wait = next - at;
    next = Math.max(at, next) + gap;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
