/**
 * The analysis child as the server sees it, on the image worker's pattern (media/process.ts):
 * forked on the first analysis, stopped after IDLE_MS without one, at a lower CPU priority; one
 * job at a time (analyse.ts queues them); a job that takes longer than its time limit stops the
 * child, and a child that dies fails only the job it had. The next job forks a new one.
 */
import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { AudioRefused, type AnalysisJob, type AnalysisReply, type AudioMeasurement } from "./audio-types.js";

/** The child's niceness: the server's own answers come first when both want a core. */
export const WORKER_NICENESS = 10;
/** The child exits after this long without a job, giving its memory back. */
export const IDLE_MS = 60_000;
/** A 10-minute MP3 takes about 3 s on the 2-core machine; a job still running after this has hung. */
export const JOB_TIMEOUT_MS = 60_000;

interface Pending {
  resolve(measurement: AudioMeasurement): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Child {
  process: ChildProcess;
  pending: Map<number, Pending>;
  exited: Promise<void>;
  idle?: NodeJS.Timeout;
}

/**
 * The child's entry beside this module: the TypeScript source under tsx or Vitest (run through
 * tsx's loader), the bundled audio-worker.mjs beside the server bundle in production
 * (scripts/build-server.mjs builds it).
 */
function workerEntry(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const path = fileURLToPath(new URL(fromSource ? "./audio-worker.ts" : "./audio-worker.mjs", import.meta.url));
  return { path, execArgv: fromSource ? ["--import", "tsx"] : [] };
}

let child: Child | undefined;
let nextId = 0;

function startChild(): Child {
  const { path, execArgv } = workerEntry();
  const forked = fork(path, [], { execArgv, serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    setPriority(forked.pid!, WORKER_NICENESS);
  } catch {
    // Not permitted here: it still works, only at the same priority.
  }
  const started: Child = {
    process: forked,
    pending: new Map(),
    exited: new Promise((resolve) => forked.once("exit", () => resolve())),
  };
  forked.on("message", (reply: AnalysisReply) => {
    const job = started.pending.get(reply.id);
    if (!job) return;
    started.pending.delete(reply.id);
    clearTimeout(job.timer);
    if ("measurement" in reply) job.resolve(reply.measurement);
    else if ("refused" in reply) job.reject(new AudioRefused(reply.refused));
    else job.reject(new Error(`audio analysis: ${reply.error}`));
    settle(started);
  });
  forked.on("error", () => undefined); // A failed send or spawn; 'exit' follows and fails what was pending.
  forked.once("exit", (code, signal) => {
    if (child === started) child = undefined;
    clearTimeout(started.idle);
    for (const job of started.pending.values()) {
      clearTimeout(job.timer);
      job.reject(new Error(`audio analysis child stopped (${signal ?? code}) while analysing a track`));
    }
    started.pending.clear();
  });
  // Neither the child nor its channel keeps the server running; a job in flight refs the channel.
  forked.unref();
  forked.channel?.unref();
  return started;
}

/** After a job: idle again, the child may keep the process alive no longer, and stops if nothing comes. */
function settle(c: Child): void {
  if (c.pending.size > 0) return;
  c.process.channel?.unref();
  clearTimeout(c.idle);
  c.idle = setTimeout(() => stopChild(c), IDLE_MS);
  c.idle.unref();
}

function stopChild(c: Child): Promise<void> {
  if (child === c) child = undefined;
  clearTimeout(c.idle);
  if (c.process.connected) c.process.disconnect();
  c.process.kill();
  // Held until it has exited, so whoever awaits this is not left behind by a process that exits first.
  c.process.ref();
  return c.exited;
}

/** Decodes and measures in the child; rejects with AudioRefused, or an Error when the child fails or hangs. */
export function runAnalysis(job: Omit<AnalysisJob, "id">, timeoutMs = JOB_TIMEOUT_MS): Promise<AudioMeasurement> {
  const c = (child ??= startChild());
  clearTimeout(c.idle);
  c.process.channel?.ref();
  const id = ++nextId;
  return new Promise<AudioMeasurement>((resolve, reject) => {
    const timer = setTimeout(() => {
      c.pending.delete(id);
      reject(new Error(`audio analysis: no answer after ${timeoutMs} ms`));
      void stopChild(c);
    }, timeoutMs);
    c.pending.set(id, { resolve, reject, timer });
    c.process.send({ ...job, id } satisfies AnalysisJob, (error) => {
      if (!error) return;
      // The child died before taking the job: stop it for good, the next job gets a new one.
      c.pending.delete(id);
      clearTimeout(timer);
      reject(new Error(`audio analysis: ${error.message}`));
      void stopChild(c);
    });
  });
}

/** The child's process id while it runs (tests and the benchmark read its memory). */
export function audioWorkerPid(): number | undefined {
  return child?.process.pid;
}

/** Stops the child now (shutdown, tests) and waits for it to exit; the next job would start another. */
export async function stopAnalysisChild(): Promise<void> {
  if (child) await stopChild(child);
}
