/** At most `concurrency` tasks at once; the rest wait their turn in order of arrival. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running or waiting. */
  readonly size: number;
}

export function createLimiter(concurrency: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return {
    get size() {
      return active + waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      active += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
