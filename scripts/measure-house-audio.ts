/**
 * Measures the house's tracks (media/audio/<id>.mp3) as an upload is measured (server/audio:
 * loudness, true peak, duration, waveform) and writes the figures to
 * src/server/features/radio/house-measures.ts, so the player plays them at the rotation's level.
 * Run by `npm run assets:audio` after the files are made; house-measures.test.ts checks the
 * figures still match the files.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { analyseAudioFile, stopAudioAnalysis } from "../src/server/audio/analyse.js";
import { AUDIO_DIR, TRACKS } from "../src/server/features/radio/radio.tracks.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "src/server/features/radio/house-measures.ts");

const lines: string[] = [];
try {
  for (const track of TRACKS) {
    const a = await analyseAudioFile(join(ROOT, "media", AUDIO_DIR, `${track.id}.mp3`));
    lines.push(
      `  ${JSON.stringify(track.id)}: {\n    duration_ms: ${a.durationMs},\n    loudness_lufs: ${a.loudnessLufs},\n    true_peak_dbtp: ${a.truePeakDbtp},\n` +
        `    waveform: ${JSON.stringify(a.waveform)},\n  },`,
    );
    console.log(`${track.id}: ${a.loudnessLufs} LUFS, ${a.truePeakDbtp} dBTP, ${(a.durationMs / 1000).toFixed(1)} s, gain ${a.gainDb} dB`);
  }
} finally {
  await stopAudioAnalysis();
}
writeFileSync(
  OUT,
  `/**\n * The house tracks' measures, as an upload's are measured (server/audio). Written by\n * scripts/measure-house-audio.ts (\`npm run assets:audio\`); checked against the files by\n * house-measures.test.ts. Do not edit by hand.\n */\nimport type { HouseMeasures } from "./radio.tracks.js";\n\n` +
    `export const HOUSE_MEASURES: Readonly<Record<string, HouseMeasures>> = {\n${lines.join("\n")}\n};\n`,
);
console.log(`wrote ${OUT}`);
