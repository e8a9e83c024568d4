import { describe, expect, it } from "vitest";
import { createGate } from "./gate.js";

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

describe("createGate", () => {
  it("runs at most `size` tasks at once, the others in the order they came, and a failed task frees its place", async () => {
    const run = createGate(2);
    const started: number[] = [];
    const tasks = Array.from({ length: 5 }, () => held());
    const results = tasks.map((task, i) =>
      run(() => {
        started.push(i);
        return task.done;
      }).catch((error: Error) => `failed: ${error.message}`),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);

    tasks[1]!.fail(new Error("refused"));
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.finish("a");
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2]!.finish("c");
    tasks[3]!.finish("d");
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    tasks[4]!.finish("e");
    expect(await Promise.all(results)).toEqual(["a", "failed: refused", "c", "d", "e"]);

    // Empty again: the next two start at once.
    const again = [held(), held()];
    const more = again.map((task) => run(() => task.done));
    again.forEach((task, i) => task.finish(String(i)));
    expect(await Promise.all(more)).toEqual(["0", "1"]);
  });
});
