/**
 * Spec §9: cards enter 0.1 s apart. The delay is a class (styles.css, `.stagger-N`), not an inline
 * style: a server-rendered page carries no style attributes, which the CSP (`style-src 'self'`)
 * would block (docs/decisions/0022).
 */
export const CARD_STAGGER_S = 0.1;
/** styles.css defines .stagger-0 to .stagger-23: the store's pages hold 12 cards, the other grids cap at 12. */
export const STAGGER_STEPS = 24;

export function staggerClass(index: number): string {
  return `stagger-${Math.min(Math.max(0, Math.trunc(index)), STAGGER_STEPS - 1)}`;
}
