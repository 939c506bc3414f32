import { describe, expect, it } from 'vitest';
import { depositSplit, formatMoney, invoiceAmounts, percentToTaxRate } from './money.ts';

describe('invoice amounts in integer cents', () => {
  it('adds the lines, takes the discount off, and taxes what remains, rounding half up once', () => {
    // 150.00 + 50.00 - 20.00 = 180.00; 8.25 % of it is 14.85
    expect(invoiceAmounts([15_000, 5_000], 2_000, 8_250)).toEqual({
      subtotalCents: 20_000,
      discountCents: 2_000,
      taxRate: 8_250,
      taxCents: 1_485,
      totalCents: 19_485,
    });
    // 0.10 * 5 % = 0.5 cent: rounds up to 1 cent, never to a float
    expect(invoiceAmounts([10], 0, 5_000).taxCents).toBe(1);
    expect(invoiceAmounts([9], 0, 5_000).taxCents).toBe(0);
  });

  it('sums what floats would get wrong exactly', () => {
    // 0.1 + 0.2 in dollars is 0.30000000000000004; in cents it is 30.
    expect(invoiceAmounts([10, 20], 0, 0).totalCents).toBe(30);
    expect(Number.isInteger(invoiceAmounts([3_333, 3_333, 3_334], 1, 7_250).totalCents)).toBe(true);
  });

  it('splits a deposit and a balance that always add up to the total', () => {
    expect(depositSplit(15_001, 50)).toEqual({ depositCents: 7_501, balanceCents: 7_500 });
    expect(depositSplit(10_000, 30)).toEqual({ depositCents: 3_000, balanceCents: 7_000 });
    for (const total of [1, 99, 12_345, 999_999]) {
      const { depositCents, balanceCents } = depositSplit(total, 33);
      expect(depositCents + balanceCents).toBe(total);
    }
  });

  it('reads a percent with at most three decimals as thousandths of a percent', () => {
    expect(percentToTaxRate(8.875)).toBe(8_875);
    expect(percentToTaxRate(8.25)).toBe(8_250);
    expect(percentToTaxRate(7)).toBe(7_000);
    expect(percentToTaxRate(8.8755)).toBeNull();
    expect(percentToTaxRate(Number.NaN)).toBeNull();
  });

  it('taxes 8.875 % to the cent, half away from zero, once on the taxable amount', () => {
    // 617.50 * 8.875 % = 54.803125: 54.80
    expect(invoiceAmounts([61_750], 0, 8_875)).toMatchObject({ taxCents: 5_480, totalCents: 67_230 });
    // 100.00 * 8.875 % = 8.875: the half cent rounds up, 8.88
    expect(invoiceAmounts([10_000], 0, 8_875)).toMatchObject({ taxCents: 888, totalCents: 10_888 });
    // 99.99 * 8.875 % = 8.8741125: 8.87
    expect(invoiceAmounts([9_999], 0, 8_875).taxCents).toBe(887);
  });

  it('words cents in the currency', () => {
    expect(formatMoney(123_450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-500, 'USD')).toBe('-$5.00');
  });
});
