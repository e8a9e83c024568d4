/**
 * Synthesises the radio's four tracks from code and encodes them to MP3 (media/audio/<id>.mp3),
 * so their licence is ours (DECISIONS.md 15). Every sound is made here: drums from noise and
 * swept sines, bass and pads from band-limited saws through a resonant filter, electric piano
 * and bells by FM, plucks by Karplus-Strong, then a ping-pong delay, a Freeverb-style reverb and
 * a peak limiter. Deterministic: a seeded generator per track, so re-running changes nothing
 * unless this file does.
 *
 * Run with `npm run assets:audio` (about a minute). Needs nothing but the npm packages.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Mp3Encoder } from "@breezystack/lamejs";
import { AUDIO_DIR, TRACKS } from "../src/server/features/radio/radio.tracks.js";
import { seededRandom } from "../src/common/seeded-random.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = join(ROOT, "media", AUDIO_DIR);
/**
 * lamejs writes plain (not joint) stereo without the bit reservoir, so it gets a generous rate;
 * 32 kHz is what LAME itself picks for this rate, and rendering at it spares a resampling pass.
 */
const SR = 32_000;
const KBPS = 96;
/**
 * Peak of the master before encoding. The codec's quantisation overshoots sharp transients by up
 * to ~2.5 dB at this rate, so -3 dBFS keeps the decoded audio clear of clipping.
 */
const CEILING = 0.7;
const TAU = Math.PI * 2;

// ---------------------------------------------------------------------------------- utilities

const rng = seededRandom;
type Rng = () => number;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const mtof = (m: number) => 440 * 2 ** ((m - 69) / 12);
const secs = (s: number) => Math.max(1, Math.round(s * SR));

/** PolyBLEP residual: removes most of the aliasing of a naive saw or square. */
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Topology-preserving state-variable filter (Simper): stable under fast cutoff changes. */
class Svf {
  private ic1 = 0;
  private ic2 = 0;
  low = 0;
  band = 0;
  high = 0;
  process(x: number, cutoff: number, q: number): void {
    const g = Math.tan((Math.PI * Math.min(cutoff, SR * 0.45)) / SR);
    const k = 1 / q;
    const a1 = 1 / (1 + g * (g + k));
    const a2 = g * a1;
    const a3 = g * a2;
    const v3 = x - this.ic2;
    const v1 = a1 * this.ic1 + a2 * v3;
    const v2 = this.ic2 + a2 * this.ic1 + a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.low = v2;
    this.band = v1;
    this.high = x - k * v1 - v2;
  }
}

/** Attack-decay-sustain-release gain at time t of a note held for `hold` seconds. */
function adsr(t: number, hold: number, a: number, d: number, s: number, r: number): number {
  let level: number;
  if (t < a) level = t / a;
  else if (t < a + d) level = 1 - (1 - s) * ((t - a) / d);
  else level = s;
  if (t <= hold) return level;
  const atRelease = hold < a ? hold / a : hold < a + d ? 1 - (1 - s) * ((hold - a) / d) : s;
  return Math.max(0, atRelease * (1 - (t - hold) / r));
}

// --------------------------------------------------------------------------------- the mixer

interface Bus {
  L: Float32Array;
  R: Float32Array;
}
const bus = (n: number): Bus => ({ L: new Float32Array(n), R: new Float32Array(n) });

/** Adds a mono sound at `at` seconds with gain and equal-power pan (-1 left … 1 right). */
function place(dst: Bus, src: Float32Array, at: number, gain: number, pan = 0): void {
  const start = Math.round(at * SR);
  const angle = ((pan + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * gain * Math.SQRT2;
  const gr = Math.sin(angle) * gain * Math.SQRT2;
  const end = Math.min(src.length, dst.L.length - start);
  for (let i = Math.max(0, -start); i < end; i++) {
    dst.L[start + i]! += src[i]! * gl;
    dst.R[start + i]! += src[i]! * gr;
  }
}

function addBus(dst: Bus, src: Bus, gain: number): void {
  for (let i = 0; i < dst.L.length; i++) {
    dst.L[i]! += src.L[i]! * gain;
    dst.R[i]! += src.R[i]! * gain;
  }
}

/** Stereo ping-pong delay with a darkening feedback path; returns only the echoes. */
function pingPong(input: Bus, time: number, feedback: number, tone = 3000): Bus {
  const n = input.L.length;
  const out = bus(n);
  const d = secs(time);
  const lpL = new Svf();
  const lpR = new Svf();
  for (let i = 0; i < n; i++) {
    const echoL = i >= d ? out.L[i - d]! : 0;
    const echoR = i >= d ? out.R[i - d]! : 0;
    // Left feeds right and right feeds left; the dry input enters on the left only.
    lpL.process(echoR * feedback + (input.L[i]! + input.R[i]!) * 0.5, tone, 0.6);
    lpR.process(echoL * feedback, tone, 0.6);
    out.L[i] = lpL.low;
    out.R[i] = lpR.low;
  }
  return out;
}

/** Freeverb: eight damped combs and four allpasses per side, the right side slightly detuned. */
function reverb(input: Bus, room = 0.84, damp = 0.25): Bus {
  // Freeverb's tunings are in samples at 44.1 kHz.
  const scale = (len: number) => Math.round((len * SR) / 44_100);
  const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map(scale);
  const ALLPASSES = [556, 441, 341, 225].map(scale);
  const n = input.L.length;
  const out = bus(n);
  for (const [side, spread] of [
    [out.L, 0],
    [out.R, scale(23)],
  ] as const) {
    const combs = COMBS.map((len) => ({ buf: new Float32Array(len + spread), i: 0, store: 0 }));
    const alls = ALLPASSES.map((len) => ({ buf: new Float32Array(len + spread), i: 0 }));
    for (let s = 0; s < n; s++) {
      const x = (input.L[s]! + input.R[s]!) * 0.015;
      let acc = 0;
      for (const c of combs) {
        const y = c.buf[c.i]!;
        c.store = y * (1 - damp) + c.store * damp;
        c.buf[c.i] = x + c.store * room;
        c.i = (c.i + 1) % c.buf.length;
        acc += y;
      }
      for (const a of alls) {
        const b = a.buf[a.i]!;
        a.buf[a.i] = acc + b * 0.5;
        a.i = (a.i + 1) % a.buf.length;
        acc = b - acc;
      }
      side[s] = acc;
    }
  }
  return out;
}

/** Scales the mix to a full level, then a peak limiter (instant attack) holds it under CEILING. */
function master(mix: Bus, drive: number, fadeOut: number): Bus {
  const n = mix.L.length;
  // A one-pole high-pass at ~20 Hz removes any DC the synthesis left.
  let pl = 0;
  let pr = 0;
  let hl = 0;
  let hr = 0;
  const a = Math.exp((-TAU * 20) / SR);
  let peak = 0;
  for (let i = 0; i < n; i++) {
    hl = a * (hl + mix.L[i]! - pl);
    pl = mix.L[i]!;
    hr = a * (hr + mix.R[i]! - pr);
    pr = mix.R[i]!;
    mix.L[i] = hl;
    mix.R[i] = hr;
  }
  // Band-limit to what the encoder keeps (it low-passes near 14 kHz at this rate), so the limiter
  // sees the peaks the listener will get.
  const lowL = new Svf();
  const lowR = new Svf();
  peak = 0;
  for (let i = 0; i < n; i++) {
    lowL.process(mix.L[i]!, 13_500, 0.707);
    lowR.process(mix.R[i]!, 13_500, 0.707);
    mix.L[i] = lowL.low;
    mix.R[i] = lowR.low;
    peak = Math.max(peak, Math.abs(lowL.low), Math.abs(lowR.low));
  }
  const pre = (CEILING / peak) * drive;
  const release = Math.exp(-1 / (0.12 * SR));
  let env = 0;
  let gain = 1;
  const fadeStart = n - secs(fadeOut);
  for (let i = 0; i < n; i++) {
    const l = mix.L[i]! * pre;
    const r = mix.R[i]! * pre;
    env = Math.max(Math.abs(l), Math.abs(r), env * release);
    const target = env > CEILING ? CEILING / env : 1;
    // Gain falls at once and recovers smoothly, so nothing ever passes the ceiling.
    gain = target < gain ? target : gain + (target - gain) * 0.0005;
    const fade = i > fadeStart ? 1 - (i - fadeStart) / (n - fadeStart) : 1;
    mix.L[i] = l * gain * fade;
    mix.R[i] = r * gain * fade;
  }
  return mix;
}

// ------------------------------------------------------------------------------- instruments

function kick(punch = 1, decay = 7): Float32Array {
  const out = new Float32Array(secs(0.5));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const f = 46 + 120 * punch * Math.exp(-t * 32);
    phase += f / SR;
    const click = i < 90 ? Math.sin((Math.PI * i) / 90) * 0.25 : 0;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t * decay) + click;
  }
  return out;
}

function snare(r: Rng, tone = 185, noiseDecay = 16, bright = 1800): Float32Array {
  const out = new Float32Array(secs(0.45));
  const hp = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    hp.process(r() * 2 - 1, bright, 0.7);
    const body = Math.sin(TAU * tone * t) * Math.exp(-t * 22) * 0.55;
    out[i] = body + hp.high * Math.exp(-t * noiseDecay) * 0.8;
  }
  return out;
}

function clap(r: Rng): Float32Array {
  const out = new Float32Array(secs(0.35));
  const bp = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    // Three quick bursts and a tail: hands that do not quite meet.
    const bursts = [0, 0.011, 0.022].reduce((sum, at) => sum + (t >= at ? Math.exp(-(t - at) * 180) : 0), 0);
    bp.process(r() * 2 - 1, 1300, 1.4);
    out[i] = bp.band * (bursts * 0.7 + Math.exp(-t * 14) * 0.5) * 1.6;
  }
  return out;
}

function hat(r: Rng, open: boolean, cutoff = 7500): Float32Array {
  const out = new Float32Array(secs(open ? 0.4 : 0.08));
  const hp = new Svf();
  const decay = open ? 9 : 70;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    hp.process(r() * 2 - 1, cutoff, 0.8);
    out[i] = hp.high * Math.exp(-t * decay) * 0.6;
  }
  return out;
}

function shaker(r: Rng): Float32Array {
  const out = new Float32Array(secs(0.12));
  const bp = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    bp.process(r() * 2 - 1, 6000, 1.2);
    const env = Math.min(1, t / 0.015) * Math.exp(-t * 40);
    out[i] = bp.band * env * 0.8;
  }
  return out;
}

interface ToneOptions {
  /** Saw (1) to square (0) blend of the two oscillators. */
  saw?: number;
  detune?: number;
  cutoff?: number;
  /** Filter envelope depth in Hz. */
  envAmount?: number;
  envDecay?: number;
  q?: number;
  attack?: number;
  decay?: number;
  sustain?: number;
  release?: number;
  vibrato?: number;
  sub?: number;
}

/** Two band-limited oscillators through a resonant low-pass: bass, pads, leads and stabs. */
function synth(freq: number, hold: number, o: ToneOptions = {}): Float32Array {
  const { saw = 1, detune = 0.004, cutoff = 900, envAmount = 0, envDecay = 0.3, q = 0.8 } = o;
  const { attack = 0.005, decay = 0.2, sustain = 0.8, release = 0.15, vibrato = 0, sub = 0 } = o;
  const out = new Float32Array(secs(hold + release));
  const filter = new Svf();
  let p1 = 0;
  let p2 = 0.37;
  let p3 = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const vib = vibrato ? 1 + vibrato * Math.sin(TAU * 5.2 * t) * Math.min(1, t / 0.35) : 1;
    const f1 = freq * (1 + detune) * vib;
    const f2 = freq * (1 - detune) * vib;
    const d1 = f1 / SR;
    const d2 = f2 / SR;
    p1 = (p1 + d1) % 1;
    p2 = (p2 + d2) % 1;
    p3 = (p3 + freq / 2 / SR) % 1;
    const saw1 = 2 * p1 - 1 - blep(p1, d1);
    const saw2 = 2 * p2 - 1 - blep(p2, d2);
    const sq1 = (p1 < 0.5 ? 1 : -1) + blep(p1, d1) - blep((p1 + 0.5) % 1, d1);
    const sq2 = (p2 < 0.5 ? 1 : -1) + blep(p2, d2) - blep((p2 + 0.5) % 1, d2);
    const osc = (saw * (saw1 + saw2) + (1 - saw) * (sq1 + sq2)) * 0.5 + sub * Math.sin(TAU * p3);
    filter.process(osc, cutoff + envAmount * Math.exp(-t / envDecay), q);
    out[i] = filter.low * adsr(t, hold, attack, decay, sustain, release);
  }
  return out;
}

/** FM electric piano: a sine carrier, a 1:1 modulator for the bark and a 14:1 one for the tine. */
function electricPiano(freq: number, hold: number, velocity: number): Float32Array {
  const release = 0.35;
  const out = new Float32Array(secs(hold + release));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const index = (1.1 + velocity) * Math.exp(-t * 3.5);
    const tine = 0.35 * velocity * Math.exp(-t * 18) * Math.sin(TAU * freq * 14 * t);
    const mod = index * Math.sin(TAU * freq * t);
    const env = Math.exp(-t * 1.3) * (t <= hold ? 1 : Math.max(0, 1 - (t - hold) / release));
    out[i] = (Math.sin(TAU * freq * t + mod) + tine) * env * Math.min(1, t / 0.003);
  }
  return out;
}

/** FM bell: inharmonic 3.5:1 ratio, long decay. */
function bell(freq: number, length: number): Float32Array {
  const out = new Float32Array(secs(length));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const mod = 2.2 * Math.exp(-t * 2.5) * Math.sin(TAU * freq * 3.5 * t);
    out[i] = Math.sin(TAU * freq * t + mod) * Math.exp(-t * (2.2 / length) * 2) * Math.min(1, t / 0.002);
  }
  return out;
}

/** Karplus-Strong plucked string. */
function pluck(r: Rng, freq: number, length: number, brightness = 0.5): Float32Array {
  const out = new Float32Array(secs(length));
  const period = Math.max(2, Math.round(SR / freq));
  const line = new Float32Array(period);
  const pre = new Svf();
  for (let i = 0; i < period; i++) {
    pre.process(r() * 2 - 1, 1500 + brightness * 6000, 0.7);
    line[i] = pre.low;
  }
  let prev = 0;
  const damping = 0.996;
  for (let i = 0; i < out.length; i++) {
    const j = i % period;
    const y = line[j]!;
    const next = (y + prev) * 0.5 * damping;
    prev = y;
    line[j] = next;
    out[i] = y;
  }
  return out;
}

/** Flute-like lead: sine with a little second harmonic, breath noise and delayed vibrato. */
function softLead(r: Rng, freq: number, hold: number): Float32Array {
  const release = 0.18;
  const out = new Float32Array(secs(hold + release));
  let phase = 0;
  const breath = new Svf();
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const vib = 1 + 0.006 * Math.sin(TAU * 5 * t) * Math.min(1, t / 0.4);
    phase = (phase + (freq * vib) / SR) % 1;
    breath.process(r() * 2 - 1, freq * 2, 2);
    const tone = Math.sin(TAU * phase) + 0.18 * Math.sin(TAU * 2 * phase) + breath.band * 0.08;
    out[i] = tone * adsr(t, hold, 0.05, 0.2, 0.75, release);
  }
  return out;
}

function vinylCrackle(r: Rng, length: number): Float32Array {
  const out = new Float32Array(secs(length));
  const lp = new Svf();
  for (let i = 0; i < out.length; i++) {
    // Dust: filtered hiss and sparse pops (filtered too, so they never spike past the codec).
    const pop = r() < 0.0004 ? (r() * 2 - 1) * 12 : 0;
    lp.process(r() * 0.1 - 0.05 + pop, 2500, 0.5);
    out[i] = lp.low;
  }
  return out;
}

// ----------------------------------------------------------------------------- composition

interface Chord {
  /** Bass root (MIDI). */
  root: number;
  /** Voicing for keys and pads (MIDI). */
  notes: number[];
}

function chord(root: number, intervals: number[], voiceFrom = 57): Chord {
  const notes = intervals.map((i) => {
    let n = root + i;
    while (n < voiceFrom) n += 12;
    while (n >= voiceFrom + 12 + 7) n -= 12;
    return n;
  });
  notes.sort((a, b) => a - b);
  return { root: root - 12 * Math.floor((root - 36) / 12), notes };
}

interface Note {
  /** Beat within the phrase. */
  beat: number;
  length: number;
  midi: number;
}

/** The nearest scale tone at or above (dir 1) / below (dir -1) `from`, `steps` scale steps away. */
function scaleStep(from: number, steps: number, scale: number[]): number {
  let n = from;
  const dir = Math.sign(steps);
  for (let s = 0; s < Math.abs(steps); s++) {
    do n += dir;
    while (!scale.includes(((n % 12) + 12) % 12));
  }
  return n;
}

/**
 * A melody over `chords` (one per bar): a two-bar motif whose rhythm repeats across the phrase,
 * pitches walking the scale and landing on chord tones on strong beats, ending on a long note.
 */
function melody(r: Rng, chords: Chord[], scale: number[], range: [number, number], density: number): Note[] {
  const slots = 8; // eighths per bar
  const rhythm: boolean[][] = [0, 1].map(() =>
    Array.from({ length: slots }, (_, s) => s === 0 || (s % 2 === 0 ? r() < density : r() < density * 0.55)),
  );
  const notes: Note[] = [];
  let current = Math.round((range[0] + range[1]) / 2);
  chords.forEach((c, bar) => {
    const isLast = bar === chords.length - 1;
    const pattern = isLast ? [true, false, true, false, false, false, false, false] : rhythm[bar % 2]!;
    const onsets = pattern.flatMap((on, s) => (on ? [s] : []));
    onsets.forEach((slot, k) => {
      const strong = slot % 4 === 0;
      if (strong) {
        // Land on the chord tone nearest to where the line is.
        const tones = c.notes.flatMap((n) => [n - 12, n, n + 12]).filter((n) => n >= range[0] && n <= range[1]);
        current = tones.reduce((best, n) => (Math.abs(n - current) < Math.abs(best - current) ? n : best), tones[0] ?? current);
      } else {
        const leap = r() < 0.2 ? 2 : 1;
        let dir = r() < 0.5 ? -1 : 1;
        if (current + 3 > range[1]) dir = -1;
        if (current - 3 < range[0]) dir = 1;
        current = scaleStep(current, dir * leap, scale);
      }
      const next = onsets[k + 1] ?? slots + (isLast ? 6 : 0);
      const length = Math.min(next - slot, isLast ? 8 : 3) * 0.5;
      notes.push({ beat: bar * 4 + slot * 0.5, length: length * 0.92, midi: current });
    });
  });
  return notes;
}

/** Drum pattern of one bar in sixteenths: X loud, x soft, o open (hats), . rest. */
type Pattern = string;

interface Kit {
  kick?: Pattern;
  snare?: Pattern;
  clap?: Pattern;
  hat?: Pattern;
  shaker?: Pattern;
}

interface Section {
  bars: number;
  drums?: Kit;
  bass?: boolean;
  chords?: boolean;
  lead?: "A" | "B";
  arp?: boolean;
  /** Pad level 0-1. */
  pad?: number;
}

interface Song {
  bpm: number;
  /** Delay of off-beat sixteenths, as a fraction of a sixteenth. */
  swing: number;
  progression: Chord[];
  scale: number[];
  sections: Section[];
  /** Renders one bar of the non-drum parts. */
  play: (ctx: BarContext) => void;
  drumVoices: (r: Rng) => Record<keyof Kit, Float32Array[]>;
  drumGain: Record<keyof Kit, number>;
  leadRange: [number, number];
  leadDensity: number;
  reverbRoom: number;
  delayBeats: number;
  delayFeedback: number;
  drive: number;
  extras?: (ctx: SongContext) => void;
}

interface Buses {
  dry: Bus;
  verb: Bus;
  echo: Bus;
  /** Ducked by the kick (sidechain pump). */
  duck: Bus;
}

interface SongContext {
  song: Song;
  r: Rng;
  buses: Buses;
  beat: number;
  length: number;
}

interface BarContext extends SongContext {
  bar: number;
  /** Start of the bar in seconds. */
  t: number;
  chord: Chord;
  nextChord: Chord;
  section: Section;
  barInSection: number;
  leadNotes: Note[];
}

function render(id: string, song: Song): Bus {
  const r = rng(hash(id));
  const beat = 60 / song.bpm;
  const bars = song.sections.reduce((n, s) => n + s.bars, 0);
  const tail = 3.5;
  const length = bars * 4 * beat + tail;
  const n = secs(length);
  const buses: Buses = { dry: bus(n), verb: bus(n), echo: bus(n), duck: bus(n) };
  const ctx: SongContext = { song, r, buses, beat, length };

  // Two melodies per song, composed once and repeated, so the tune comes back like a chorus.
  const phraseChords = [0, 1, 2, 3].map((i) => song.progression[i % song.progression.length]!);
  const leads = {
    A: melody(r, phraseChords, song.scale, song.leadRange, song.leadDensity),
    B: melody(r, phraseChords, song.scale, [song.leadRange[0] + 3, song.leadRange[1] + 4], song.leadDensity + 0.15),
  };

  const voices = song.drumVoices(r);
  const kickTimes: number[] = [];
  let bar = 0;
  for (const section of song.sections) {
    for (let b = 0; b < section.bars; b++, bar++) {
      const t = bar * 4 * beat;
      const progression = song.progression;
      const c = progression[bar % progression.length]!;
      const next = progression[(bar + 1) % progression.length]!;
      for (const [part, pattern] of Object.entries(section.drums ?? {}) as [keyof Kit, Pattern][]) {
        const kit = voices[part];
        [...pattern].forEach((step, s) => {
          if (step === ".") return;
          const swing = s % 2 === 1 ? song.swing * (beat / 4) : 0;
          const at = t + s * (beat / 4) + swing + (r() - 0.5) * 0.006;
          const velocity = (step === "X" ? 1 : step === "o" ? 0.9 : 0.55) * (0.9 + r() * 0.1);
          const voice = part === "hat" && step === "o" ? kit[1]! : kit[Math.floor(r() * (part === "hat" ? 1 : kit.length))]!;
          const pan = part === "hat" ? 0.25 : part === "shaker" ? -0.3 : 0;
          place(buses.dry, voice, at, song.drumGain[part] * velocity, pan);
          if (part === "snare" || part === "clap") place(buses.verb, voice, at, song.drumGain[part] * velocity * 0.7, 0);
          if (part === "kick") kickTimes.push(at);
        });
      }
      const leadNotes = section.lead
        ? leads[section.lead].filter((nt) => Math.floor(nt.beat / 4) === b % 4).map((nt) => ({ ...nt, beat: nt.beat - (b % 4) * 4 }))
        : [];
      song.play({ ...ctx, bar, t, chord: c, nextChord: next, section, barInSection: b, leadNotes });
    }
  }
  song.extras?.(ctx);

  // Sidechain: the ducked bus dips under every kick and swells back.
  const duckGain = new Float32Array(n).fill(1);
  for (const at of kickTimes) {
    const start = Math.round(at * SR);
    const len = secs(beat * 0.9);
    for (let i = 0; i < len && start + i < n; i++) {
      const g = 1 - 0.6 * Math.exp(-(i / SR) / (beat * 0.25));
      duckGain[start + i] = Math.min(duckGain[start + i]!, g);
    }
  }
  for (let i = 0; i < n; i++) {
    buses.dry.L[i]! += buses.duck.L[i]! * duckGain[i]!;
    buses.dry.R[i]! += buses.duck.R[i]! * duckGain[i]!;
  }

  const echoes = pingPong(buses.echo, beat * song.delayBeats, song.delayFeedback);
  addBus(buses.verb, echoes, 0.5);
  addBus(buses.verb, buses.echo, 0.4);
  const room = reverb(buses.verb, song.reverbRoom);
  addBus(buses.dry, buses.echo, 1);
  addBus(buses.dry, echoes, 0.55);
  addBus(buses.dry, room, 1);
  return master(buses.dry, song.drive, 3);
}

// ----------------------------------------------------------------------------------- the songs

const MINOR = [0, 2, 3, 5, 7, 8, 10];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const inKey = (tonic: number, mode: number[]) => mode.map((i) => (tonic + i) % 12);

const standardKit = (r: Rng, o: { snareTone?: number; hatCutoff?: number; kickDecay?: number } = {}) => ({
  kick: [kick(1, o.kickDecay)],
  snare: [snare(r, o.snareTone), snare(r, o.snareTone)],
  clap: [clap(r), clap(r)],
  hat: [hat(r, false, o.hatCutoff), hat(r, true, o.hatCutoff)],
  shaker: [shaker(r), shaker(r)],
});

/** Lo-fi: ii-V-I-vi in F with ninths, swung, electric piano, soft flute lead and vinyl dust. */
const paperLanterns: Song = {
  bpm: 84,
  swing: 0.32,
  scale: inKey(5, MAJOR),
  progression: [
    chord(43, [0, 3, 7, 10, 14]), // Gm9
    chord(36, [0, 4, 10, 14, 21]), // C13
    chord(41, [0, 4, 7, 11, 14]), // Fmaj9
    chord(38, [0, 3, 7, 10, 14]), // Dm9
  ],
  sections: [
    { bars: 2, chords: true },
    {
      bars: 8,
      chords: true,
      bass: true,
      drums: { kick: "X.....x.X.......", snare: "....X.......X...", hat: "x.x.x.x.x.x.x.x." },
    },
    {
      bars: 8,
      chords: true,
      bass: true,
      lead: "A",
      drums: { kick: "X.....x.X..x....", snare: "....X.......X..x", hat: "x.x.xxx.x.x.x.xx" },
    },
    {
      bars: 6,
      chords: true,
      bass: true,
      lead: "B",
      drums: { kick: "X.....x.X.......", snare: "....X.......X...", hat: "x.x.x.xxx.x.x.x." },
    },
    { bars: 2, chords: true, bass: true },
  ],
  leadRange: [67, 81],
  leadDensity: 0.45,
  reverbRoom: 0.82,
  delayBeats: 0.75,
  delayFeedback: 0.35,
  drive: 1.5,
  drumVoices: (r) => standardKit(r, { snareTone: 200, hatCutoff: 6000, kickDecay: 8 }),
  drumGain: { kick: 0.9, snare: 0.42, clap: 0.4, hat: 0.16, shaker: 0.2 },
  play: ({ buses, r, t, beat, chord: c, section, leadNotes, barInSection, nextChord }) => {
    if (section.chords) {
      // Comping: a laid-back chord on one, a push on the and-of-two.
      const hits = barInSection % 2 === 0 ? [[0.05, 1.9], [2.5, 1.4]] : [[0.05, 1.4], [1.5, 0.5], [2.5, 1.5]];
      for (const [at, len] of hits) {
        c.notes.forEach((m, k) => {
          const note = electricPiano(mtof(m), len! * beat, 0.5 + r() * 0.3);
          place(buses.dry, note, t + at! * beat + k * 0.012, 0.11, -0.3 + k * 0.15);
          place(buses.verb, note, t + at! * beat + k * 0.012, 0.06);
        });
      }
    }
    if (section.bass) {
      const line: [number, number, number][] = [
        [0, 1.4, c.root],
        [1.5, 0.45, c.root + 12],
        [2, 1.3, c.root + 7],
        [3.5, 0.45, nextChord.root + (nextChord.root > c.root ? -1 : 1)],
      ];
      for (const [at, len, m] of line) {
        const note = synth(mtof(m), len * beat, { saw: 0.3, cutoff: 380, envAmount: 500, envDecay: 0.12, sub: 0.6, release: 0.08 });
        place(buses.dry, note, t + at * beat, 0.42);
      }
    }
    for (const nt of leadNotes) {
      const note = softLead(r, mtof(nt.midi), nt.length * beat);
      place(buses.dry, note, t + nt.beat * beat, 0.16, 0.15);
      place(buses.echo, note, t + nt.beat * beat, 0.07);
    }
  },
  extras: ({ buses, r, length }) => {
    place(buses.dry, vinylCrackle(r, length), 0, 0.35, -0.2);
    place(buses.dry, vinylCrackle(r, length), 0, 0.35, 0.2);
  },
};

/** Synthwave: Am-F-C-G, octave bass, plucked arpeggio in dotted-eighth echoes, gated snare. */
const nightBusHome: Song = {
  bpm: 108,
  swing: 0,
  scale: inKey(9, MINOR),
  progression: [
    chord(45, [0, 3, 7, 12], 57), // Am
    chord(41, [0, 4, 7, 12], 57), // F
    chord(36, [0, 4, 7, 12], 57), // C
    chord(43, [0, 4, 7, 14], 57), // G(add9)
  ],
  sections: [
    { bars: 4, pad: 1, arp: true },
    {
      bars: 4,
      pad: 1,
      arp: true,
      bass: true,
      drums: { kick: "X.......X.......", snare: "....X.......X...", hat: "x.x.x.x.x.x.x.x." },
    },
    {
      bars: 8,
      pad: 1,
      arp: true,
      bass: true,
      lead: "A",
      drums: { kick: "X.......X.x.....", snare: "....X.......X...", hat: "xxxxxxxxxxxxxxxx" },
    },
    { bars: 4, pad: 1, arp: true, lead: "B" },
    {
      bars: 8,
      pad: 1,
      arp: true,
      bass: true,
      lead: "B",
      drums: { kick: "X.......X.x.....", snare: "....X.......X...", hat: "xxxxxxxxxxxxxxxx" },
    },
    { bars: 4, pad: 0.7, arp: true },
  ],
  leadRange: [69, 84],
  leadDensity: 0.4,
  reverbRoom: 0.88,
  delayBeats: 0.75,
  delayFeedback: 0.42,
  drive: 1.6,
  drumVoices: (r) => standardKit(r, { snareTone: 170, hatCutoff: 8500, kickDecay: 6 }),
  drumGain: { kick: 0.95, snare: 0.55, clap: 0.4, hat: 0.11, shaker: 0.2 },
  play: ({ buses, r, t, beat, chord: c, section, leadNotes }) => {
    const barLength = 4 * beat;
    if (section.pad) {
      c.notes.forEach((m, k) => {
        const note = synth(mtof(m), barLength, { detune: 0.007, cutoff: 1400, q: 0.9, attack: 0.35, decay: 0.5, sustain: 0.8, release: 0.6 });
        place(buses.dry, note, t, 0.05 * section.pad!, k % 2 ? 0.5 : -0.5);
        place(buses.verb, note, t, 0.05 * section.pad!);
      });
    }
    if (section.arp) {
      const tones = [...c.notes, c.notes[1]! + 12, c.notes[2]! + 12];
      for (let s = 0; s < 16; s += 2) {
        const m = tones[[0, 1, 2, 3, 4, 3, 2, 1][s / 2]! % tones.length]!;
        const note = pluck(r, mtof(m + 12), beat * 1.2, 0.6);
        place(buses.dry, note, t + s * (beat / 4), 0.14, s % 4 ? 0.35 : -0.35);
        place(buses.echo, note, t + s * (beat / 4), 0.06);
      }
    }
    if (section.bass) {
      for (let s = 0; s < 8; s++) {
        const m = c.root + (s % 2 ? 12 : 0);
        const note = synth(mtof(m), beat * 0.42, { cutoff: 300, envAmount: 1400, envDecay: 0.08, q: 1.2, sub: 0.4, release: 0.05 });
        place(buses.dry, note, t + s * (beat / 2), 0.3);
      }
    }
    for (const nt of leadNotes) {
      const note = synth(mtof(nt.midi), nt.length * beat, {
        saw: 0.85,
        detune: 0.003,
        cutoff: 1800,
        envAmount: 1800,
        envDecay: 0.25,
        q: 1.1,
        attack: 0.01,
        sustain: 0.7,
        release: 0.2,
        vibrato: 0.005,
      });
      place(buses.dry, note, t + nt.beat * beat, 0.1, 0.1);
      place(buses.echo, note, t + nt.beat * beat, 0.07);
    }
  },
};

/** House with a brass-band strut: E dorian vamp, funky bass, offbeat stabs, horn riff. */
const garageParade: Song = {
  bpm: 122,
  swing: 0.12,
  scale: inKey(4, DORIAN),
  progression: [
    chord(40, [0, 3, 7, 10], 60), // Em7
    chord(45, [0, 4, 7, 10], 60), // A7 (dorian IV)
    chord(40, [0, 3, 7, 10], 60), // Em7
    chord(47, [0, 3, 7, 10], 60), // Bm7
  ],
  sections: [
    { bars: 4, drums: { kick: "X...X...X...X...", hat: "..o...o...o...o." } },
    {
      bars: 8,
      bass: true,
      chords: true,
      drums: { kick: "X...X...X...X...", hat: "x.o.x.o.x.o.x.ox", clap: "....X.......X...", shaker: "xxxxxxxxxxxxxxxx" },
    },
    {
      bars: 8,
      bass: true,
      chords: true,
      lead: "A",
      drums: { kick: "X...X...X...X...", hat: "x.o.x.o.x.o.x.ox", clap: "....X.......X...", shaker: "xxxxxxxxxxxxxxxx" },
    },
    { bars: 4, chords: true, lead: "A", drums: { clap: "....X.......X...", shaker: "x.x.x.x.x.x.x.x." } },
    {
      bars: 8,
      bass: true,
      chords: true,
      lead: "B",
      drums: { kick: "X...X...X...X...", hat: "x.o.x.o.x.o.x.ox", clap: "....X.......X..x", shaker: "xxxxxxxxxxxxxxxx" },
    },
    { bars: 4, bass: true, drums: { kick: "X...X...X...X...", hat: "..o...o...o...o." } },
  ],
  leadRange: [64, 79],
  leadDensity: 0.55,
  reverbRoom: 0.78,
  delayBeats: 0.5,
  delayFeedback: 0.25,
  drive: 1.7,
  drumVoices: (r) => standardKit(r, { snareTone: 190, hatCutoff: 9000, kickDecay: 6.5 }),
  drumGain: { kick: 0.8, snare: 0.45, clap: 0.5, hat: 0.22, shaker: 0.13 },
  play: ({ buses, r, t, beat, chord: c, section, leadNotes, barInSection }) => {
    const six = beat / 4;
    if (section.bass) {
      // A syncopated sixteenth line: root, octave pops and a walk to the fifth.
      const line = barInSection % 2 === 0 ? "R..R..O.R.R..5.O" : "R..R..O.R..b5.O.";
      [...line].forEach((step, s) => {
        if (step === ".") return;
        const m = c.root + (step === "O" ? 12 : step === "5" ? 7 : step === "b" ? 10 : 0);
        const note = synth(mtof(m), six * 1.6, { saw: 0.4, cutoff: 380, envAmount: 2200, envDecay: 0.06, q: 1.6, sub: 0.4, release: 0.04 });
        place(buses.dry, note, t + s * six, 0.22);
      });
    }
    if (section.chords) {
      // Offbeat stabs, ducked by the kick.
      for (const s of [2, 6, 10, 14]) {
        c.notes.forEach((m, k) => {
          const note = synth(mtof(m), six * 1.2, { saw: 0.6, cutoff: 1400, envAmount: 3500, envDecay: 0.05, q: 0.9, release: 0.08 });
          place(buses.duck, note, t + s * six, 0.1, k % 2 ? 0.35 : -0.35);
          place(buses.verb, note, t + s * six, 0.05);
        });
      }
    }
    for (const nt of leadNotes) {
      // Horn section: two voices an octave apart, brassy filter swell.
      for (const [shift, gain, pan] of [
        [0, 0.14, -0.15],
        [-12, 0.08, 0.15],
      ] as const) {
        const note = synth(mtof(nt.midi + shift), nt.length * beat, {
          saw: 0.9,
          detune: 0.005,
          cutoff: 1000,
          envAmount: 2800,
          envDecay: 0.18,
          q: 0.8,
          attack: 0.03,
          sustain: 0.75,
          release: 0.1,
          vibrato: 0.004,
        });
        place(buses.dry, note, t + nt.beat * beat + (r() - 0.5) * 0.01, gain, pan);
        place(buses.echo, note, t + nt.beat * beat, gain * 0.4);
      }
    }
  },
};

/** Dream pop: Cmaj7-Am7-Fmaj7-G6, slow pads, brushes, bell melody, gentle plucks. */
const slowTide: Song = {
  bpm: 70,
  swing: 0.2,
  scale: inKey(0, MAJOR),
  progression: [
    chord(36, [0, 4, 7, 11, 14], 55), // Cmaj9
    chord(45, [0, 3, 7, 10, 14], 55), // Am9
    chord(41, [0, 4, 7, 11, 14], 55), // Fmaj9
    chord(43, [0, 4, 7, 9, 14], 55), // G6/9
  ],
  sections: [
    { bars: 2, pad: 0.8, lead: "A" },
    {
      bars: 8,
      pad: 1,
      bass: true,
      lead: "A",
      drums: { kick: "X.........x.....", snare: "........x.......", shaker: "x.x.x.x.x.x.x.x." },
    },
    {
      bars: 8,
      pad: 1,
      bass: true,
      arp: true,
      lead: "B",
      drums: { kick: "X.........x.....", snare: "........X.......", shaker: "x.xxx.xxx.xxx.xx" },
    },
    { bars: 4, pad: 1, arp: true, bass: true },
  ],
  leadRange: [72, 88],
  leadDensity: 0.3,
  reverbRoom: 0.9,
  delayBeats: 0.75,
  delayFeedback: 0.45,
  drive: 1.35,
  drumVoices: (r) => ({
    ...standardKit(r, { kickDecay: 9 }),
    // Brushes: a dark, slow noise swish in place of a snare.
    snare: [snare(r, 160, 7, 900), snare(r, 160, 7, 900)],
  }),
  drumGain: { kick: 0.7, snare: 0.28, clap: 0.3, hat: 0.1, shaker: 0.12 },
  play: ({ buses, r, t, beat, chord: c, section, leadNotes }) => {
    const barLength = 4 * beat;
    if (section.pad) {
      c.notes.forEach((m, k) => {
        const note = synth(mtof(m), barLength * 1.02, { saw: 0.7, detune: 0.006, cutoff: 1100, q: 0.7, attack: 0.9, decay: 0.6, sustain: 0.85, release: 1.4 });
        place(buses.dry, note, t, 0.07 * section.pad!, k % 2 ? 0.6 : -0.6);
        place(buses.verb, note, t, 0.09 * section.pad!);
      });
    }
    if (section.bass) {
      const note = synth(mtof(c.root), barLength * 0.95, { saw: 0.2, cutoff: 300, sub: 0.7, attack: 0.05, release: 0.4 });
      place(buses.dry, note, t, 0.3);
    }
    if (section.arp) {
      const tones = [c.notes[0]!, c.notes[2]!, c.notes[4] ?? c.notes[1]!, c.notes[3]!];
      for (let s = 0; s < 8; s++) {
        const note = pluck(r, mtof(tones[s % tones.length]!), beat * 2, 0.3);
        place(buses.dry, note, t + s * (beat / 2) + (r() - 0.5) * 0.01, 0.1, s % 2 ? 0.45 : -0.45);
        place(buses.verb, note, t + s * (beat / 2), 0.06);
      }
    }
    for (const nt of leadNotes) {
      const note = bell(mtof(nt.midi), Math.max(1.5, nt.length * beat * 2));
      place(buses.dry, note, t + nt.beat * beat, 0.13, 0.2);
      place(buses.echo, note, t + nt.beat * beat, 0.09);
    }
  },
};

const SONGS: Record<string, Song> = {
  "paper-lanterns": paperLanterns,
  "night-bus-home": nightBusHome,
  "garage-parade": garageParade,
  "slow-tide": slowTide,
};

// --------------------------------------------------------------------------------- encoding

function toInt16(channel: Float32Array): Int16Array {
  const out = new Int16Array(channel.length);
  for (let i = 0; i < channel.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(channel[i]! * 32767)));
  return out;
}

function encodeMp3(audio: Bus): Buffer {
  const encoder = new Mp3Encoder(2, SR, KBPS);
  const left = toInt16(audio.L);
  const right = toInt16(audio.R);
  const chunks: Buffer[] = [];
  // lamejs hands back typed arrays of varying kinds; copy each as plain bytes.
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const block = 1152 * 16;
  for (let i = 0; i < left.length; i += block) {
    chunks.push(bytes(encoder.encodeBuffer(left.subarray(i, i + block), right.subarray(i, i + block))));
  }
  chunks.push(bytes(encoder.flush()));
  return Buffer.concat(chunks);
}

function levels(audio: Bus) {
  let peak = 0;
  let sum = 0;
  for (const ch of [audio.L, audio.R]) {
    for (let i = 0; i < ch.length; i++) {
      peak = Math.max(peak, Math.abs(ch[i]!));
      sum += ch[i]! * ch[i]!;
    }
  }
  const db = (x: number) => (20 * Math.log10(x)).toFixed(1);
  return { peak: db(peak), rms: db(Math.sqrt(sum / (audio.L.length * 2))) };
}

const only = process.argv.slice(2);
mkdirSync(OUT_DIR, { recursive: true });
let total = 0;
for (const track of TRACKS) {
  const song = SONGS[track.id];
  if (!song) throw new Error(`no song is written for track ${track.id}`);
  if (only.length && !only.includes(track.id)) continue;
  const started = performance.now();
  const audio = render(track.id, song);
  const mp3 = encodeMp3(audio);
  writeFileSync(join(OUT_DIR, `${track.id}.mp3`), mp3);
  total += mp3.length;
  const { peak, rms } = levels(audio);
  const seconds = (audio.L.length / SR).toFixed(1);
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${track.id}.mp3  ${seconds} s  ${(mp3.length / 1024).toFixed(0)} KiB  peak ${peak} dBFS  rms ${rms} dBFS  (${took} s)`);
}
console.log(`wrote ${(total / 1024 / 1024).toFixed(2)} MiB to media/${AUDIO_DIR}`);
