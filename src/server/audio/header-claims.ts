/**
 * How long a file says it is, read from a few kilobytes of it before anything is decoded: a track
 * whose header claims more than the limit is refused at once, and one that decodes to much less
 * than its claim was cut short.
 *
 * - MP3: the frame count of the Xing/Info tag (LAME and most encoders write one) or of Fraunhofer's
 *   VBRI tag, in the first frame. Without one there is no claim: an estimate from the file's size
 *   and the first frame's bitrate (what players show) is wrong for VBR files and would refuse
 *   good tracks.
 * - Ogg Opus: the granule position of the last page (48 kHz samples), less the OpusHead's pre-skip.
 */
import { open, type FileHandle } from "node:fs/promises";
import type { AudioFormat } from "./audio-types.js";

export interface HeaderClaim {
  /** Samples per channel, at `sampleRate`. */
  samples: number;
  sampleRate: number;
}

/** How far past the ID3v2 tags the first frame is looked for (junk before it is tolerated). */
const FRAME_SEARCH_BYTES = 8 * 1024;
/** An Ogg page is at most 27 + 255 + 255 × 255 bytes: the last page header starts within this of the end. */
const OGG_TAIL_BYTES = 65_307 + 4;

export async function readHeaderClaim(path: string, format: AudioFormat): Promise<HeaderClaim | undefined> {
  const file = await open(path, "r");
  try {
    return format === "mp3" ? await mp3Claim(file) : await opusClaim(file);
  } finally {
    await file.close();
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

const ascii = (bytes: Uint8Array, at: number, length: number) => Buffer.from(bytes.subarray(at, at + length)).toString("latin1");
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

// ------------------------------------------------------------------------------------------ MP3

const MPEG_RATES = [44_100, 48_000, 32_000];

interface FrameHeader {
  mpeg1: boolean;
  mono: boolean;
  sampleRate: number;
}

/** The MPEG audio layer III frame header at `at`, if one is there. */
export function parseLayer3Header(b: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (b[at + 1]! >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5, 1: reserved
  const layer = (b[at + 1]! >> 1) & 3; // 1: layer III
  const bitrate = b[at + 2]! >> 4;
  const rate = (b[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrate === 0 || bitrate === 15 || rate === 3) return undefined;
  const divisor = version === 3 ? 1 : version === 2 ? 2 : 4;
  return { mpeg1: version === 3, mono: b[at + 3]! >> 6 === 3, sampleRate: MPEG_RATES[rate]! / divisor };
}

/** The size of the ID3v2 tags at the start of the file (there may be more than one). */
async function id3v2Length(file: FileHandle): Promise<number> {
  let offset = 0;
  for (;;) {
    const head = await readAt(file, offset, 10);
    if (head.length < 10 || ascii(head, 0, 3) !== "ID3") return offset;
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    offset += 10 + size + (head[5]! & 0x10 ? 10 : 0);
  }
}

async function mp3Claim(file: FileHandle): Promise<HeaderClaim | undefined> {
  const start = await id3v2Length(file);
  const bytes = await readAt(file, start, FRAME_SEARCH_BYTES + 200);
  for (let at = 0; at < Math.min(FRAME_SEARCH_BYTES, bytes.length); at++) {
    const header = parseLayer3Header(bytes, at);
    if (header) return frameCountClaim(bytes, at, header);
  }
  return undefined;
}

/** The claim of the Xing/Info or VBRI tag in the frame at `at`, if it has one. */
export function frameCountClaim(b: Uint8Array, at: number, header: FrameHeader): HeaderClaim | undefined {
  const samplesPerFrame = header.mpeg1 ? 1152 : 576;
  // The Xing tag follows the side information, whose size depends on the version and channels.
  const sideInfo = header.mpeg1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = ascii(b, xing, 4);
  if ((tag === "Xing" || tag === "Info") && xing + 12 <= b.length) {
    const flags = u32be(b, xing + 4);
    if (!(flags & 1)) return undefined; // No frame count.
    return { samples: u32be(b, xing + 8) * samplesPerFrame, sampleRate: header.sampleRate };
  }
  const vbri = at + 36;
  if (ascii(b, vbri, 4) === "VBRI" && vbri + 18 <= b.length) {
    return { samples: u32be(b, vbri + 14) * samplesPerFrame, sampleRate: header.sampleRate };
  }
  return undefined;
}

// ----------------------------------------------------------------------------------------- Opus

async function opusClaim(file: FileHandle): Promise<HeaderClaim | undefined> {
  // The first page holds OpusHead alone: its pre-skip is the decoder delay the granules include.
  const first = await readAt(file, 0, 27 + 255 + 19);
  if (ascii(first, 0, 4) !== "OggS") return undefined;
  const serial = Buffer.from(first).readUInt32LE(14);
  const head = 27 + first[26]!;
  if (ascii(first, head, 8) !== "OpusHead") return undefined;
  const preSkip = Buffer.from(first).readUInt16LE(head + 10);

  const { size } = await file.stat();
  const tailStart = Math.max(0, size - OGG_TAIL_BYTES);
  const tail = Buffer.from(await readAt(file, tailStart, size - tailStart));
  // The last page of the stream with a granule: searched from the end, "OggS" then version 0.
  for (let at = tail.length - 27; at >= 0; at--) {
    if (tail[at] !== 0x4f || tail.toString("latin1", at, at + 4) !== "OggS" || tail[at + 4] !== 0) continue;
    if (tail.readUInt32LE(at + 14) !== serial) continue;
    const granule = tail.readBigInt64LE(at + 6);
    if (granule < 0n) continue; // -1: no packet ends on this page.
    return { samples: Math.max(0, Number(granule) - preSkip), sampleRate: 48_000 };
  }
  return undefined;
}
