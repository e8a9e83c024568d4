/**
 * The house tracks' measures (house-measures.ts) are what the audio module measures of their files
 * today: a regenerated file, or a change to the meter, without `npm run assets:audio` fails here
 * instead of playing the house's tracks at the wrong level.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyseAudioFile, stopAudioAnalysis } from "../../audio/analyse.js";
import { MEDIA_DIR } from "../../lib/static.js";
import { HOUSE_MEASURES } from "./house-measures.js";
import { AUDIO_DIR, TRACKS } from "./radio.tracks.js";

afterAll(async () => {
  await stopAudioAnalysis();
});

describe("the house tracks' measures", () => {
  it.each(TRACKS.map((x) => x.id))("match what %s measures now", async (id) => {
    const measured = await analyseAudioFile(join(MEDIA_DIR, AUDIO_DIR, `${id}.mp3`));
    expect(HOUSE_MEASURES[id]).toEqual({
      duration_ms: measured.durationMs,
      loudness_lufs: measured.loudnessLufs,
      true_peak_dbtp: measured.truePeakDbtp,
      waveform: measured.waveform,
    });
  });
});
