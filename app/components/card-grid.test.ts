import { describe, expect, it } from 'vitest';
import { balancedColumns, cardGridColumns } from './card-grid.ts';

/** How many cards the last row holds. */
const lastRow = (count: number, columns: number) => count % columns || columns;

describe('balancedColumns', () => {
  it('never leaves one card alone on the last row of a list of up to six', () => {
    for (const max of [2, 3]) {
      for (let count = 2; count <= 6; count += 1) {
        const columns = balancedColumns(count, max);
        expect(columns, `${count} cards, at most ${max} columns`).toBeLessThanOrEqual(max);
        if (columns > 1) expect(lastRow(count, columns), `${count} cards in ${columns} columns`).toBeGreaterThan(1);
      }
    }
  });

  it('fits three cards in one row of three and four in two rows of two', () => {
    expect([1, 2, 3, 4, 5, 6].map((count) => balancedColumns(count, 3))).toEqual([1, 2, 3, 2, 3, 3]);
  });

  it('stacks an odd short list when only two columns fit', () => {
    expect([1, 2, 3, 4, 5, 6].map((count) => balancedColumns(count, 2))).toEqual([1, 2, 1, 2, 1, 2]);
  });

  it('gives a long list the most columns when every choice leaves one card alone', () => {
    expect(balancedColumns(7, 3)).toBe(3);
    expect(balancedColumns(9, 2)).toBe(2);
  });
});

describe('cardGridColumns', () => {
  it('names the Tailwind classes for the medium and large breakpoints', () => {
    expect(cardGridColumns(3)).toBe('md:grid-cols-3 lg:grid-cols-3');
    expect(cardGridColumns(3, { md: 2 })).toBe('md:grid-cols-1 lg:grid-cols-3');
    expect(cardGridColumns(4)).toBe('md:grid-cols-2 lg:grid-cols-2');
  });
});
