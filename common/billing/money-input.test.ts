import { describe, expect, it } from 'vitest';
import { centsToInput, parseMoneyInput, parsePercentInput } from './money-input.ts';

describe('parseMoneyInput', () => {
  it('reads dollars and cents exactly', () => {
    expect(parseMoneyInput('175.5')).toBe(17550);
    expect(parseMoneyInput('175.50')).toBe(17550);
    expect(parseMoneyInput('80')).toBe(8000);
    expect(parseMoneyInput('0.07')).toBe(7);
    expect(parseMoneyInput('.5')).toBe(50);
    expect(parseMoneyInput('12.')).toBe(1200);
    // A float multiply gives 1004.9999999999999 * 100 for some of these; text reading does not.
    expect(parseMoneyInput('10.05')).toBe(1005);
    expect(parseMoneyInput('4.35')).toBe(435);
    expect(parseMoneyInput('1.13')).toBe(113);
  });

  it('takes what people type around the number', () => {
    expect(parseMoneyInput(' $1,200.25 ')).toBe(120025);
    expect(parseMoneyInput('1,234,567')).toBe(123456700);
    expect(parseMoneyInput('0')).toBe(0);
  });

  it('refuses what is not an amount in cents', () => {
    for (const text of ['', ' ', '.', 'abc', '1.234', '-5', '1,23', '12,34.5', '1e3', '1.2.3', '$', '10 00']) {
      expect(parseMoneyInput(text), text).toBeNull();
    }
  });

  it('refuses more than one invoice may hold', () => {
    expect(parseMoneyInput('10000000')).toBe(1_000_000_000);
    expect(parseMoneyInput('10000000.01')).toBeNull();
    expect(parseMoneyInput('99999999999999')).toBeNull();
  });
});

describe('centsToInput', () => {
  it('writes cents back as the field shows them, and reads back the same', () => {
    expect(centsToInput(17550)).toBe('175.50');
    expect(centsToInput(7)).toBe('0.07');
    expect(centsToInput(0)).toBe('0.00');
    for (const cents of [1, 99, 100, 1005, 123456789]) expect(parseMoneyInput(centsToInput(cents))).toBe(cents);
  });
});

describe('parsePercentInput', () => {
  it('reads up to two decimals; empty is no tax', () => {
    expect(parsePercentInput('8.25')).toBe(8.25);
    expect(parsePercentInput('10 %')).toBe(10);
    expect(parsePercentInput('')).toBe(0);
    expect(parsePercentInput('8.875')).toBe(8.875);
    expect(parsePercentInput('8.8755')).toBeNull();
    expect(parsePercentInput('-1')).toBeNull();
  });
});
