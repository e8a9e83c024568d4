import { describe, expect, it } from "vitest";
import { formatCount, formatDuration, formatLoudness, formatPlays } from "./track-format";

describe("track facts", () => {
  it("writes a length as minutes and seconds, hours when there are any", () => {
    expect(formatDuration(5_000)).toBe("0:05");
    expect(formatDuration(185_400)).toBe("3:05");
    expect(formatDuration(600_000)).toBe("10:00");
    expect(formatDuration(3_725_000)).toBe("1:02:05");
    expect(formatDuration(null)).toBe("Unknown");
  });

  it("writes the loudness and the gain the player applies, signed, one decimal", () => {
    expect(formatLoudness(-14.24, -1.76)).toBe("-14.2 LUFS, plays at -1.8 dB");
    expect(formatLoudness(-20, 4)).toBe("-20.0 LUFS, plays at +4.0 dB");
    expect(formatLoudness(-16.02, -0.02)).toBe("-16.0 LUFS, plays at 0.0 dB");
    expect(formatLoudness(null, 0)).toBe("Not measured, plays at 0.0 dB");
  });

  it("writes the plays and a field's count", () => {
    expect(formatPlays({ complete: 1200, partial: 3, skipped: 0 })).toBe("1,200 complete · 3 partial · 0 skipped");
    expect(formatCount(42, 1000)).toBe("42 / 1,000");
  });
});
