import { isApiError } from "./api";

/** Network failures and server errors may pass; a 4xx answer will not change on a retry. */
export function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs an idempotent write, trying again after a transient failure (300 ms, then 900 ms) before
 * giving up with the last error, which the caller then reports to the user.
 */
export async function withRetry<T>(write: () => Promise<T>, delaysMs: readonly number[] = [300, 900]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await sleep(delay);
    }
  }
}
