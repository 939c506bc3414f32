import { describe, expect, it } from 'vitest';
import { partWords, planTermsSentence, quoteProposal, type ProposalTerms } from './proposal-quote.ts';

const PACKAGES = [
  { key: 'standard', name: 'Standard', price: 150 },
  { key: 'premium', name: 'Premium', price: 350 },
];
const TERMS: ProposalTerms = {
  packageKey: 'standard',
  songs: 3,
  extras: [{ label: 'Rush', amountCents: 10_000 }],
  options: [
    { key: 'premium', label: 'Premium instead', packageKey: 'premium' },
    { key: 'gold', label: 'Gold rate', packageKey: 'premium', amountCents: 30_000 },
    { key: 'stems', label: 'Stems', amountCents: 7_500 },
  ],
  depositPercent: 50,
  taxPercent: 8.875,
  discountCents: 0,
};

describe("a proposal's sums", () => {
  it('counts songs × the package, the extras and the add-ons chosen, and taxes each part as its invoice will', () => {
    const quoted = quoteProposal(TERMS, PACKAGES, ['premium', 'stems']);
    expect(quoted.kind).toBe('quote');
    if (quoted.kind !== 'quote') return;
    expect(quoted.quote.lines).toEqual([
      { label: 'Premium × 3 songs', amountCents: 105_000 },
      { label: 'Rush', amountCents: 10_000 },
      { label: 'Stems', amountCents: 7_500 },
    ]);
    // $1,225 split in halves of $612.50, each taxed 8.875 %: 54.359375 rounds to $54.36.
    expect(quoted.quote.parts).toEqual([
      { kind: 'deposit', netCents: 61_250, taxCents: 5_436, totalCents: 66_686 },
      { kind: 'balance', netCents: 61_250, taxCents: 5_436, totalCents: 66_686 },
    ]);
    expect(quoted.quote).toMatchObject({ packageKey: 'premium', netCents: 122_500, taxCents: 10_872, totalCents: 133_372 });
  });

  it("takes an option's own price per song, caps the discount at the subtotal, and makes one payment at 0 or 100 %", () => {
    const gold = quoteProposal(TERMS, PACKAGES, ['gold']);
    expect(gold.kind === 'quote' && gold.quote.lines[0]).toEqual({ label: 'Premium × 3 songs', amountCents: 90_000 });
    const free = quoteProposal({ ...TERMS, discountCents: 10_000_000, taxPercent: 0 }, PACKAGES);
    expect(free.kind === 'quote' && free.quote.totalCents).toBe(0);
    const whole = quoteProposal({ ...TERMS, depositPercent: 100, taxPercent: 0 }, PACKAGES);
    expect(whole.kind === 'quote' && whole.quote.parts).toEqual([{ kind: 'full', netCents: 55_000, taxCents: 0, totalCents: 55_000 }]);
  });

  it('refuses an unknown option, two packages at once, and a package the site no longer sells', () => {
    expect(quoteProposal(TERMS, PACKAGES, ['platinum'])).toEqual({ kind: 'problem', problem: { kind: 'unknown-option', key: 'platinum' } });
    expect(quoteProposal(TERMS, PACKAGES, ['premium', 'gold'])).toEqual({ kind: 'problem', problem: { kind: 'two-packages' } });
    expect(quoteProposal(TERMS, PACKAGES.slice(1))).toEqual({
      kind: 'problem',
      problem: { kind: 'unknown-package', packageKey: 'standard' },
    });
  });

  it('words the plan the same on the page, in the PDF and in the agreement', () => {
    const due = { depositPercent: 40, balanceDue: { rule: 'days_after_delivery', days: 14 } } as const;
    expect(partWords(due, ['deposit', 'balance'])).toEqual(['Deposit (40 %), on signing', 'Balance (60 %), 14 days after delivery']);
    expect(planTermsSentence(due)).toBe('A deposit of 40 % of the total is paid on signing, and the balance 14 days after delivery.');
    expect(planTermsSentence({ depositPercent: 100, balanceDue: { rule: 'before_delivery' } })).toBe(
      'The whole amount is paid on signing.',
    );
  });
});
