/** The seek bar's keys (issue 34): arrows ±5 s, Page Up/Down ±30 s, Home and End. */

export const SEEK_STEP = 5;
export const SEEK_PAGE = 30;

/** Where a key moves the position (s), clamped to the track; null for a key the bar leaves alone. */
export function seekTarget(key: string, position: number, duration: number): number | null {
  let target: number;
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      target = position + SEEK_STEP;
      break;
    case "ArrowLeft":
    case "ArrowDown":
      target = position - SEEK_STEP;
      break;
    case "PageUp":
      target = position + SEEK_PAGE;
      break;
    case "PageDown":
      target = position - SEEK_PAGE;
      break;
    case "Home":
      target = 0;
      break;
    case "End":
      target = duration;
      break;
    default:
      return null;
  }
  return Math.min(Math.max(0, duration), Math.max(0, target));
}
