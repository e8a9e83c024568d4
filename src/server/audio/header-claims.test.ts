/** Reading the length a file claims: the Xing/Info and VBRI tags of MP3s of every kind, Opus's last page. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeMp3, encodeOggOpus, signal, withInfoTag } from "./audio.fixtures.js";
import { frameCountClaim, parseLayer3Header, readHeaderClaim } from "./header-claims.js";

const dir = mkdtempSync(join(tmpdir(), "maybe-audio-claims-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A first frame: the 4 header bytes, then `tag` at `at` with a frame count of `frames`. */
function frame(header: number[], tag: string, at: number, frames: number): Uint8Array {
  const bytes = Buffer.alloc(512);
  Buffer.from(header).copy(bytes, 0);
  bytes.write(tag, at, "latin1");
  if (tag === "VBRI") bytes.writeUInt32BE(frames, at + 14);
  else {
    bytes.writeUInt32BE(0x1, at + 4); // frames field present
    bytes.writeUInt32BE(frames, at + 8);
  }
  return bytes;
}

describe("MP3 frame headers and their tags", () => {
  it("finds the Xing tag after the side information, whose size depends on version and channels", () => {
    const cases = [
      // MPEG 1, 44.1 kHz, stereo: 32 bytes of side information, 1152 samples a frame.
      { header: [0xff, 0xfb, 0x90, 0x00], at: 36, rate: 44_100, perFrame: 1152 },
      // MPEG 1, 48 kHz, mono: 17 bytes.
      { header: [0xff, 0xfb, 0x94, 0xc0], at: 21, rate: 48_000, perFrame: 1152 },
      // MPEG 2, 22.05 kHz, stereo: 17 bytes, 576 samples a frame.
      { header: [0xff, 0xf3, 0x90, 0x00], at: 21, rate: 22_050, perFrame: 576 },
      // MPEG 2.5, 8 kHz, mono: 9 bytes.
      { header: [0xff, 0xe3, 0x98, 0xc0], at: 13, rate: 8_000, perFrame: 576 },
    ];
    for (const { header, at, rate, perFrame } of cases) {
      for (const tag of ["Xing", "Info"]) {
        const bytes = frame(header, tag, at, 1000);
        const parsed = parseLayer3Header(bytes, 0)!;
        expect(parsed.sampleRate).toBe(rate);
        expect(frameCountClaim(bytes, 0, parsed)).toEqual({ samples: 1000 * perFrame, sampleRate: rate });
      }
    }
  });

  it("reads Fraunhofer's VBRI tag, 32 bytes after the header", () => {
    const bytes = frame([0xff, 0xfb, 0x90, 0x00], "VBRI", 36, 777);
    expect(frameCountClaim(bytes, 0, parseLayer3Header(bytes, 0)!)).toEqual({ samples: 777 * 1152, sampleRate: 44_100 });
  });

  it("claims nothing without a tag, or when the tag has no frame count; layers I and II are no layer III", () => {
    const bare = frame([0xff, 0xfb, 0x90, 0x00], "\0\0\0\0", 36, 0);
    expect(frameCountClaim(bare, 0, parseLayer3Header(bare, 0)!)).toBeUndefined();
    const noCount = frame([0xff, 0xfb, 0x90, 0x00], "Xing", 36, 1000);
    Buffer.from(noCount.buffer).writeUInt32BE(0x6, 40); // bytes and TOC, no frames
    expect(frameCountClaim(noCount, 0, parseLayer3Header(noCount, 0)!)).toBeUndefined();
    expect(parseLayer3Header(Uint8Array.from([0xff, 0xfd, 0x90, 0x00]), 0)).toBeUndefined(); // layer II
    expect(parseLayer3Header(Uint8Array.from([0xff, 0xfb, 0xf0, 0x00]), 0)).toBeUndefined(); // bad bitrate
  });
});

describe("readHeaderClaim", () => {
  it("skips ID3v2 tags before the first frame", async () => {
    const mp3 = withInfoTag(encodeMp3(signal(44_100, [{ seconds: 1, db: -20 }])), 500);
    const tag = Buffer.alloc(10 + 3000);
    tag.write("ID3", 0, "latin1");
    tag[3] = 4;
    // 3000 as a syncsafe integer.
    tag[8] = (3000 >> 7) & 0x7f;
    tag[9] = 3000 & 0x7f;
    const path = join(dir, "tagged.mp3");
    writeFileSync(path, Buffer.concat([tag, mp3]));
    expect(await readHeaderClaim(path, "mp3")).toEqual({ samples: 500 * 1152, sampleRate: 44_100 });
  });

  it("takes an Opus file's length from its last page, less the pre-skip", async () => {
    const path = join(dir, "tone.opus");
    writeFileSync(path, encodeOggOpus(signal(48_000, [{ seconds: 2.5, db: -20 }])));
    expect(await readHeaderClaim(path, "opus")).toEqual({ samples: 2.5 * 48_000, sampleRate: 48_000 });
  });
});
