/**
 * The site's colours (src/client/styles.css has them as CSS variables) for what is drawn outside
 * the stylesheet: the sample images (scripts/generate-media.ts) and the share cards (server/og).
 */
export const PAPER = "#faf7f2";
export const INK = "#111111";
export const YELLOW = "#ffd23f";
export const PINK = "#ff3d7f";
export const TEAL = "#00c2a8";
export const BLUE = "#3d5afe";
