/**
 * The cursor trail's dots (spec §2 Cursor trail, §9): at most 30, five colours in turn, each
 * fading by 0.02 of opacity per frame and dropped once invisible. Pure, so it is tested alone.
 */
export const MAX_DOTS = 30;
export const FADE_PER_FRAME = 0.02;
/** Brand pink, yellow, blue, teal and ink. */
export const TRAIL_COLORS = ["#ff3d7f", "#ffd23f", "#3d5afe", "#00c2a8", "#111111"] as const;

export interface Dot {
  x: number;
  y: number;
  /** Opacity, 1 when added. */
  alpha: number;
  color: string;
}

/** Below this a dot cannot be seen (and float steps of 0.02 never land exactly on 0). */
const INVISIBLE = 1e-6;

export class Trail {
  readonly dots: Dot[] = [];
  private colorIndex = 0;

  /** A new dot at the pointer; the oldest goes when there would be more than MAX_DOTS. */
  add(x: number, y: number): void {
    this.dots.push({ x, y, alpha: 1, color: TRAIL_COLORS[this.colorIndex]! });
    this.colorIndex = (this.colorIndex + 1) % TRAIL_COLORS.length;
    if (this.dots.length > MAX_DOTS) this.dots.splice(0, this.dots.length - MAX_DOTS);
  }

  /** One frame: every dot fades; the invisible ones go. */
  step(): void {
    let kept = 0;
    for (const dot of this.dots) {
      dot.alpha -= FADE_PER_FRAME;
      if (dot.alpha > INVISIBLE) this.dots[kept++] = dot;
    }
    this.dots.length = kept;
  }

  get size(): number {
    return this.dots.length;
  }
}
