/**
 * "1 report", "3 reports". The back office's own copy of lib/plural: importing that one-line
 * module from here too would split it out of the chunk the public routes share, and every public
 * route would pay for the extra file (docs/decisions/0013).
 */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
