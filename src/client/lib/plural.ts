/** "1 item", "3 items": a count with the word that fits it. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
