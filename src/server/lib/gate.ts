/**
 * At most `size` tasks at once; the rest wait in order. Checkout runs behind one (place-order.ts):
 * checkouts of the same products wait on each other's row locks in the database anyway, and each
 * waiting one holds a pool connection the reads need (docs/decisions/0036).
 */
export function createGate(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next task, so one arriving now cannot take it first.
      if (next) next();
      else running -= 1;
    }
  };
}
