/**
 * Ordering the rotation with Move up and Move down (docs/decisions/0033). The radio names featured
 * tracks first and then the rest, each group in the curators' order (positions), so a track moves
 * only within its group: a move across the line would come back on the next read.
 */

/** `list` with the item at `from` moved to `to` (both within the list); the list itself is left as it is. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) throw new RangeError(`cannot move ${from} to ${to} in a list of ${list.length}`);
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export type Direction = -1 | 1;

/** Whether the item at `index` can move one place up (-1) or down (1) without leaving its group. */
export function canMove<T extends { featured: boolean }>(list: readonly T[], index: number, direction: Direction): boolean {
  const neighbour = list[index + direction];
  const item = list[index];
  return item !== undefined && neighbour !== undefined && neighbour.featured === item.featured;
}

/** The list with the item `id` one place up or down, or null when it cannot move that way. */
export function moveById<T extends { id: string; featured: boolean }>(list: readonly T[], id: string, direction: Direction): T[] | null {
  const index = list.findIndex((item) => item.id === id);
  if (index === -1 || !canMove(list, index, direction)) return null;
  return moveItem(list, index, index + direction);
}
