/**
 * Runs `task` once the browser is idle (or after a short delay where requestIdleCallback is
 * missing: Safari), for prefetching chunks that are likely needed next without competing with
 * the page's own first load. Returns a cancel function, for effects.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
