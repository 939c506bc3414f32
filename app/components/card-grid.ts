/**
 * How many columns a row of cards gets at a breakpoint: as many as fit (at most `max`), but never
 * so many that the last row holds a single card while the others hold more. 3 cards sit in one
 * row of three rather than two plus an orphan; 4 in two rows of two. Where no count of columns
 * avoids an orphan, a short list (up to six) stacks in one column and a longer one takes `max`:
 * a long stack of single cards would be worse than one card alone at the end.
 */
export function balancedColumns(count: number, max = 3): number {
  if (count <= 1) return 1;
  for (let columns = Math.min(max, count); columns > 1; columns -= 1) {
    if (count % columns !== 1) return columns;
  }
  return count <= 6 ? 1 : Math.min(max, count);
}

// Written out whole so Tailwind finds the class names in the source.
const MEDIUM = ['', 'md:grid-cols-1', 'md:grid-cols-2', 'md:grid-cols-3'];
const LARGE = ['', 'lg:grid-cols-1', 'lg:grid-cols-2', 'lg:grid-cols-3'];

/**
 * The grid-column classes for `count` cards: one column on phones, then balancedColumns at the
 * medium (768 px) and large (1024 px) breakpoints, each with its own maximum (cards that need room,
 * like players, take at most two at medium width).
 */
export function cardGridColumns(count: number, max: { md?: number; lg?: number } = {}): string {
  return `${MEDIUM[balancedColumns(count, max.md ?? 3)]} ${LARGE[balancedColumns(count, max.lg ?? 3)]}`;
}
