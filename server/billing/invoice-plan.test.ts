import { describe, expect, it } from 'vitest';
import { partDueDate, partLine, planParts } from './invoice-plan.ts';

const AT_START = { rule: 'at_start' } as const;
const BEFORE_DELIVERY = { rule: 'before_delivery' } as const;

describe("a project's price as its plan's parts", () => {
  it('splits the price in cents that add up to it, or makes one payment due as the part it replaces', () => {
    expect(planParts(33_300, { depositPercent: 33, depositDue: AT_START, balanceDue: BEFORE_DELIVERY })).toEqual([
      { kind: 'deposit', amountCents: 10_989, due: AT_START },
      { kind: 'balance', amountCents: 22_311, due: BEFORE_DELIVERY },
    ]);
    expect(planParts(35_000, { depositPercent: 100, depositDue: AT_START, balanceDue: BEFORE_DELIVERY })).toEqual([
      { kind: 'full', amountCents: 35_000, due: AT_START },
    ]);
    expect(planParts(35_000, { depositPercent: 0, depositDue: AT_START, balanceDue: BEFORE_DELIVERY })).toEqual([
      { kind: 'full', amountCents: 35_000, due: BEFORE_DELIVERY },
    ]);
    expect(partLine({ packageTitle: 'Premium', title: 'EP' }, 'balance', 30)).toBe('Premium: EP (balance, 70 %)');
  });

  it('dates each invoice by its rule, a later part never on or before the one ahead of it', () => {
    expect(partDueDate(AT_START, '2026-12-03', 14, null)).toBe('2026-12-17');
    // Both made today: the balance moves past the deposit's day by the days to pay.
    expect(partDueDate(BEFORE_DELIVERY, '2026-12-03', 14, '2026-12-17')).toBe('2026-12-31');
    expect(partDueDate(BEFORE_DELIVERY, '2026-12-03', 0, '2026-12-03')).toBe('2026-12-04');
    expect(partDueDate({ rule: 'days_after_delivery', days: 30 }, '2027-01-10', 14, '2026-12-17')).toBe('2027-02-09');
    expect(partDueDate({ rule: 'on_date', date: '2027-03-01' }, '2026-12-03', 14, '2026-12-17')).toBe('2027-03-01');
    expect(partDueDate({ rule: 'on_date', date: '2026-12-10' }, '2026-12-03', 14, '2026-12-17')).toBe('2026-12-31');
  });
});
