/**
 * The analysis child: a process of its own, forked by analysis-child.ts on the first upload and
 * stopped when idle, that decodes and measures one track at a time (measure.ts). The decoders are
 * WebAssembly run synchronously for a second or more a track; here they hold up no request, run at
 * a lower CPU priority than the server, and a crash or a hang on a hostile file costs that one
 * analysis, not the site.
 *
 * Protocol (IPC, advanced serialization): AnalysisJob in, AnalysisReply out, per job. The child
 * reads the file itself, by path: the bytes never cross the channel.
 */
import { AudioRefused, type AnalysisJob, type AnalysisReply } from "./audio-types.js";
import { measureAudioFile } from "./measure.js";

async function run(job: AnalysisJob): Promise<AnalysisReply> {
  try {
    const measurement = await measureAudioFile(job.path, job.format, { maxMs: job.maxMs, claimedSamples: job.claimedSamples });
    return { id: job.id, measurement };
  } catch (error) {
    if (error instanceof AudioRefused) return { id: job.id, refused: error.reason };
    return { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
}

// As a child process: serve jobs from the server, one after another, until it goes away.
if (process.send) {
  // mpg123-decoder writes each decoding error to the console; they are answered as `undecodable`,
  // and a damaged file would otherwise fill the server's log (this child shares its stderr).
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("mpg123-decoder:")) return;
    consoleError(...args);
  };
  let queue = Promise.resolve();
  process.on("message", (job: AnalysisJob) => {
    // One at a time even if the server sent two: the decoders are synchronous, and two would only take turns.
    queue = queue.then(async () => {
      const reply = await run(job);
      if (process.connected) process.send!(reply);
    });
  });
  // The server exited or stopped us: nothing more will come.
  process.on("disconnect", () => process.exit(0));
}
