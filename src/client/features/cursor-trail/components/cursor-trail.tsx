import { useEffect, useRef } from "react";
import { useMediaQuery } from "../../../hooks/use-media-query";
import { Trail } from "../lib/trail";

const RADIUS = 6;
const TAU = Math.PI * 2;

/**
 * Fading coloured dots that follow the mouse, on one fixed canvas that never takes a click. Off on
 * touch-only devices and for people who ask for less motion. The loop runs only while dots remain;
 * the canvas's data-dots attribute tells how many were drawn in the last frame.
 */
export function CursorTrail() {
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const touchOnly = useMediaQuery("(hover: none), (pointer: coarse)");
  if (reducedMotion || touchOnly) return null;
  return <TrailCanvas />;
}

function TrailCanvas() {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const trail = new Trail();
    let frame = 0;
    let scale = 1;
    /** The area drawn last frame, cleared in the next (cheaper than the whole viewport). */
    let dirty: [number, number, number, number] | null = null;

    const resize = () => {
      scale = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.round(window.innerWidth * scale);
      canvas.height = Math.round(window.innerHeight * scale);
      context.setTransform(scale, 0, 0, scale, 0, 0);
      dirty = null;
    };

    const draw = () => {
      trail.step();
      if (dirty) context.clearRect(...dirty);
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const dot of trail.dots) {
        context.globalAlpha = dot.alpha;
        context.fillStyle = dot.color;
        context.beginPath();
        context.arc(dot.x, dot.y, RADIUS * (0.35 + 0.65 * dot.alpha), 0, TAU);
        context.fill();
        minX = Math.min(minX, dot.x);
        minY = Math.min(minY, dot.y);
        maxX = Math.max(maxX, dot.x);
        maxY = Math.max(maxY, dot.y);
      }
      context.globalAlpha = 1;
      dirty = trail.size ? [minX - RADIUS - 1, minY - RADIUS - 1, maxX - minX + 2 * RADIUS + 2, maxY - minY + 2 * RADIUS + 2] : null;
      canvas.dataset.dots = String(trail.size);
      frame = trail.size ? requestAnimationFrame(draw) : 0;
    };

    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      trail.add(event.clientX, event.clientY);
      if (!frame) frame = requestAnimationFrame(draw);
    };

    resize();
    window.addEventListener("pointermove", onMove, { passive: true });
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("resize", resize);
      cancelAnimationFrame(frame);
    };
  }, []);

  return <canvas ref={ref} aria-hidden="true" data-testid="cursor-trail" data-dots="0" className="pointer-events-none fixed inset-0 z-[60] size-full" />;
}
