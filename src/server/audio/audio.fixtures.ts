/**
 * Test audio made in the tests, so no binary fixture is committed: signals (sines at a level in
 * dBFS, noise, silence, stitched into sections), MP3 from lamejs, Ogg Opus from libopus
 * (opusscript, WebAssembly) in Ogg pages written here, and the odd files the analysis must refuse.
 * Also used by bench/audio.bench.ts.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import OpusScript from "opusscript";
import { seededRandom as random } from "../../common/seeded-random.js";

/** Planar stereo PCM, -1 to 1. */
export interface Pcm {
  rate: number;
  channels: [Float32Array, Float32Array];
}

export const dbToAmplitude = (db: number) => 10 ** (db / 20);

/** Low-passed noise's corner, and the gain that brings its peaks near the section's level. */
const NOISE_HZ = 4000;
const NOISE_GAIN = 1.2;

/** A section of a test signal: a sine at `db` dBFS peak on both channels, or silence, or noise about that loud. */
export type Section = { seconds: number; db: number; hz?: number; noise?: boolean } | { seconds: number; silence: true };

/** The sections one after another, the sine's phase continuous across them. */
export function signal(rate: number, sections: Section[], seed = 1): Pcm {
  const total = sections.reduce((sum, s) => sum + Math.round(s.seconds * rate), 0);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  const noise = random(seed);
  let at = 0;
  for (const section of sections) {
    const length = Math.round(section.seconds * rate);
    if (!("silence" in section)) {
      const amplitude = dbToAmplitude(section.db);
      const w = (2 * Math.PI * (section.hz ?? 1000)) / rate;
      // Noise is low-passed (two one-pole stages at NOISE_HZ): an MP3 encoder cuts white noise's
      // top octave, so white noise would measure quieter after encoding for the codec's sake.
      const pole = Math.exp((-2 * Math.PI * NOISE_HZ) / rate);
      let stage1 = 0;
      let stage2 = 0;
      for (let i = at; i < at + length; i++) {
        let value = amplitude * Math.sin(w * i);
        if (section.noise) {
          stage1 = (1 - pole) * (noise() * 2 - 1) + pole * stage1;
          stage2 = (1 - pole) * stage1 + pole * stage2;
          value = amplitude * NOISE_GAIN * stage2;
        }
        left[i] = value;
        right[i] = value;
      }
    }
    at += length;
  }
  return { rate, channels: [left, right] };
}

/** Two signals of the same rate and length, summed. */
export function mix(a: Pcm, b: Pcm): Pcm {
  const sum = (x: Float32Array, y: Float32Array) => x.map((v, i) => v + (y[i] ?? 0));
  return { rate: a.rate, channels: [sum(a.channels[0], b.channels[0]), sum(a.channels[1], b.channels[1])] };
}

function toInt16(channel: Float32Array): Int16Array {
  const out = new Int16Array(channel.length);
  for (let i = 0; i < channel.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(channel[i]! * 32767)));
  return out;
}

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** MP3 (MPEG 1 layer III, constant bitrate) from lamejs, which writes no Xing/Info frame: withInfoTag adds one. */
export function encodeMp3(pcm: Pcm, kbps = 128): Buffer {
  const encoder = new Mp3Encoder(2, pcm.rate, kbps);
  const [left, right] = pcm.channels.map(toInt16) as [Int16Array, Int16Array];
  const chunks: Buffer[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < left.length; i += block) {
    chunks.push(Buffer.from(bytesOf(encoder.encodeBuffer(left.subarray(i, i + block), right.subarray(i, i + block)))));
  }
  chunks.push(Buffer.from(bytesOf(encoder.flush())));
  return Buffer.concat(chunks);
}

const MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_RATES = [44_100, 48_000, 32_000];

/**
 * The MP3 with an Info frame first, as LAME writes for a constant-bitrate file: an empty frame of
 * the stream's own kind whose Info tag (after the 32 bytes of stereo side information) gives the
 * frame count and byte size. `frames` is the count it claims (the true one by default).
 */
export function withInfoTag(mp3: Buffer, frames?: number): Buffer {
  const header = Buffer.from(mp3.subarray(0, 4));
  header[2]! &= ~0x02; // No padding slot.
  const kbps = MPEG1_LAYER3_KBPS[header[2]! >> 4]!;
  const rate = MPEG1_RATES[(header[2]! >> 2) & 3]!;
  const frameBytes = Math.floor((144 * kbps * 1000) / rate);
  const frame = Buffer.alloc(frameBytes);
  header.copy(frame, 0);
  frame.write("Info", 36, "latin1");
  frame.writeUInt32BE(0x3, 40); // Frames and bytes present.
  frame.writeUInt32BE(frames ?? countFrames(mp3), 44);
  frame.writeUInt32BE(mp3.length + frameBytes, 48);
  return Buffer.concat([frame, mp3]);
}

/** The frames of a constant-bitrate MPEG 1 layer III stream, walked header by header. */
export function countFrames(mp3: Buffer): number {
  let count = 0;
  for (let at = 0; at + 4 <= mp3.length; count++) {
    if (mp3[at] !== 0xff || (mp3[at + 1]! & 0xe0) !== 0xe0) throw new Error(`no frame header at ${at}`);
    const kbps = MPEG1_LAYER3_KBPS[mp3[at + 2]! >> 4]!;
    const rate = MPEG1_RATES[(mp3[at + 2]! >> 2) & 3]!;
    at += Math.floor((144 * kbps * 1000) / rate) + ((mp3[at + 2]! >> 1) & 1);
  }
  return count;
}

// ------------------------------------------------------------------------------------------ Ogg

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0. */
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

const OGG_BOS = 2;
const OGG_EOS = 4;
const SERIAL = 0x4d415942;

/** One Ogg page of whole packets (each under 255 × 255 bytes); flags 2 begins the stream, 4 ends it. */
function oggPage(packets: Uint8Array[], granule: bigint, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    for (; left >= 255; left -= 255) lacing.push(255);
    lacing.push(left);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write("OggS", 0, "latin1");
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  lacing.forEach((value, i) => (header[27 + i] = value));
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** libopus's encoder delay at 48 kHz (what opusenc writes as pre-skip). */
const PRE_SKIP = 312;
const OPUS_FRAME = 960; // 20 ms
const FRAMES_PER_PAGE = 50;

/** Ogg Opus, stereo, 48 kHz (Opus's own rate), as opusenc lays it out: OpusHead, OpusTags, then a page a second. */
export function encodeOggOpus(pcm: Pcm, kbps = 128): Buffer {
  if (pcm.rate !== 48_000) throw new Error("Opus is encoded from 48 kHz here");
  const encoder = new OpusScript(48_000, 2, OpusScript.Application.AUDIO, { wasm: true });
  encoder.setBitrate(kbps * 1000);
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1; // version
  head[9] = 2; // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12); // the input's rate, for information
  const vendor = Buffer.from("maybe-tests", "latin1");
  const tags = Buffer.concat([Buffer.from("OpusTags", "latin1"), Buffer.alloc(4), vendor, Buffer.alloc(4)]);
  tags.writeUInt32LE(vendor.length, 8);
  const pages = [oggPage([head], 0n, 0, OGG_BOS), oggPage([tags], 0n, 1, 0)];

  const [left, right] = pcm.channels;
  const total = left.length;
  // The encoder's delay is made up at the start (pre-skip), so PRE_SKIP more samples are encoded.
  const frames = Math.ceil((total + PRE_SKIP) / OPUS_FRAME);
  let packets: Uint8Array[] = [];
  for (let f = 0; f < frames; f++) {
    const interleaved = new Int16Array(OPUS_FRAME * 2);
    for (let i = 0; i < OPUS_FRAME; i++) {
      const at = f * OPUS_FRAME + i;
      interleaved[2 * i] = Math.max(-32768, Math.min(32767, Math.round((left[at] ?? 0) * 32767)));
      interleaved[2 * i + 1] = Math.max(-32768, Math.min(32767, Math.round((right[at] ?? 0) * 32767)));
    }
    packets.push(Uint8Array.from(encoder.encode(bytesOf(interleaved), OPUS_FRAME)));
    const last = f === frames - 1;
    if (packets.length === FRAMES_PER_PAGE || last) {
      // The last page's granule says where the audio ends, trimming the padding of its last frame.
      const granule = last ? total + PRE_SKIP : (f + 1) * OPUS_FRAME;
      pages.push(oggPage(packets, BigInt(granule), pages.length, last ? OGG_EOS : 0));
      packets = [];
    }
  }
  encoder.delete();
  return Buffer.concat(pages);
}

/** The start of an Ogg Vorbis file (its identification header page): Ogg, but not Opus. */
export function oggVorbisHeader(): Buffer {
  const id = Buffer.alloc(30);
  id[0] = 1;
  id.write("vorbis", 1, "latin1");
  id[11] = 2; // channels
  id.writeUInt32LE(44_100, 12);
  id.writeInt32LE(128_000, 20); // nominal bitrate
  id[28] = 0xb8; // block sizes 256 and 2048
  id[29] = 1; // framing
  return oggPage([id], 0n, 0, OGG_BOS);
}

/** 16-bit PCM WAV. */
export function encodeWav(pcm: Pcm): Buffer {
  const [left, right] = pcm.channels.map(toInt16) as [Int16Array, Int16Array];
  const data = Buffer.alloc(left.length * 4);
  for (let i = 0; i < left.length; i++) {
    data.writeInt16LE(left[i]!, 4 * i);
    data.writeInt16LE(right[i]!, 4 * i + 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(pcm.rate, 24);
  header.writeUInt32LE(pcm.rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
