import { invoiceAmounts, percentToTaxRate } from './billing/money.ts';
import { splitPlan, type DueRule } from './billing/payment-plan.ts';

/*
 * A proposal's sums and the plan in words (decision 114): songs × the package (or the package an
 * option puts in its place), the extras, the add-ons chosen, less the discount; split as the payment
 * plan splits it, each part taxed as its invoice will be, so the total signed is what the invoices
 * ask, to the cent. The server prices with this; the client's page and the owner's editor show it.
 */

/** An extra always included: its line and its amount. */
export interface QuoteExtra {
  label: string;
  amountCents: number;
}

/** An option the client may choose: another package (`packageKey`) or an add-on of `amountCents`. */
export interface QuoteOption {
  key: string;
  label: string;
  packageKey?: string;
  amountCents?: number;
}

/** What the sums read of a package: its name and its price per song in whole dollars. */
export interface PricedPackage {
  key: string;
  name: string;
  price: number;
}

/** What a proposal asks for money: the parts the sums need. */
export interface ProposalTerms {
  packageKey: string;
  songs: number;
  extras: readonly QuoteExtra[];
  options: readonly QuoteOption[];
  depositPercent: number;
  taxPercent: number;
  discountCents: number;
}

export interface QuoteLine {
  label: string;
  amountCents: number;
}

/** A part of the plan as the client will be invoiced for it: before tax, its tax, its total. */
export interface QuotePart {
  kind: 'deposit' | 'balance' | 'full';
  netCents: number;
  taxCents: number;
  totalCents: number;
}

export interface ProposalQuote {
  /** The package the work is sold as once the client's choice is counted. */
  packageKey: string;
  packageName: string;
  lines: QuoteLine[];
  subtotalCents: number;
  discountCents: number;
  /** What the plan splits: the subtotal less the discount. */
  netCents: number;
  taxCents: number;
  /** The sum of the parts' totals: exactly what the invoices made from the plan will ask. */
  totalCents: number;
  parts: QuotePart[];
}

export type QuoteProblem =
  { kind: 'unknown-package'; packageKey: string } | { kind: 'unknown-option'; key: string } | { kind: 'two-packages' };

/** The options that swap the package, and the add-ons. */
export const packageOptions = (options: readonly QuoteOption[]) => options.filter((option) => option.packageKey !== undefined);
export const addOnOptions = (options: readonly QuoteOption[]) => options.filter((option) => option.packageKey === undefined);

/**
 * The proposal's sums with the client's `chosen` option keys: songs × the package (or the package
 * option chosen instead), the extras, the add-ons chosen, less the discount; then split as the plan
 * says, each part taxed as its invoice will be (so the total is what the client will pay, to the cent).
 */
export function quoteProposal(
  terms: ProposalTerms,
  packages: readonly PricedPackage[],
  chosen: readonly string[] = [],
): { kind: 'quote'; quote: ProposalQuote } | ({ kind: 'problem' } & { problem: QuoteProblem }) {
  for (const key of chosen)
    if (!terms.options.some((option) => option.key === key)) return { kind: 'problem', problem: { kind: 'unknown-option', key } };
  const chosenOptions = terms.options.filter((option) => chosen.includes(option.key));
  const swaps = packageOptions(chosenOptions);
  if (swaps.length > 1) return { kind: 'problem', problem: { kind: 'two-packages' } };
  const swap = swaps[0];
  const packageKey = swap?.packageKey ?? terms.packageKey;
  const pkg = packages.find((candidate) => candidate.key === packageKey);
  if (!pkg) return { kind: 'problem', problem: { kind: 'unknown-package', packageKey } };
  const perSongCents = swap?.amountCents ?? pkg.price * 100;
  const songsLabel = terms.songs === 1 ? '1 song' : `${terms.songs} songs`;
  const lines: QuoteLine[] = [
    { label: `${pkg.name} × ${songsLabel}`, amountCents: perSongCents * terms.songs },
    ...terms.extras.map((extra) => ({ label: extra.label, amountCents: extra.amountCents })),
    ...addOnOptions(chosenOptions).map((option) => ({ label: option.label, amountCents: option.amountCents ?? 0 })),
  ];
  const subtotalCents = lines.reduce((sum, entry) => sum + entry.amountCents, 0);
  const discountCents = Math.min(terms.discountCents, subtotalCents);
  const netCents = subtotalCents - discountCents;
  const rate = percentToTaxRate(terms.taxPercent) ?? 0;
  const parts = splitPlan(netCents, terms.depositPercent).map(({ kind, amountCents: partNet }) => {
    const amounts = invoiceAmounts([partNet], 0, rate);
    return { kind, netCents: partNet, taxCents: amounts.taxCents, totalCents: amounts.totalCents };
  });
  return {
    kind: 'quote',
    quote: {
      packageKey,
      packageName: pkg.name,
      lines,
      subtotalCents,
      discountCents,
      netCents,
      taxCents: parts.reduce((sum, part) => sum + part.taxCents, 0),
      totalCents: parts.reduce((sum, part) => sum + part.totalCents, 0),
      parts,
    },
  };
}

export const quoteProblemMessage = (problem: QuoteProblem): string =>
  problem.kind === 'unknown-package'
    ? `There is no package "${problem.packageKey}" on the site`
    : problem.kind === 'unknown-option'
      ? `This proposal has no option "${problem.key}"`
      : 'Choose one package option at most';

// ——— the plan in words ———

const balanceWords = (due: DueRule): string => {
  switch (due.rule) {
    case 'at_start':
      return 'on signing';
    case 'before_delivery':
      return 'before the final masters are delivered';
    case 'on_date':
      return `by ${due.date}`;
    case 'days_after_delivery':
      return `${due.days} days after delivery`;
  }
};

/** Each part of the plan in words, in the order of `quote.parts`: "Deposit (50 %), on signing". */
export function partWords(terms: { depositPercent: number; balanceDue: DueRule }, kinds: readonly QuotePart['kind'][]): string[] {
  return kinds.map((kind) => {
    if (kind === 'deposit') return `Deposit (${terms.depositPercent} %), on signing`;
    if (kind === 'balance') return `Balance (${100 - terms.depositPercent} %), ${balanceWords(terms.balanceDue)}`;
    return terms.depositPercent >= 100 ? 'In full, on signing' : `In full, ${balanceWords(terms.balanceDue)}`;
  });
}

/** The agreement's `{{plan.terms}}`: the plan in one sentence, the same whatever the client chooses. */
export function planTermsSentence(terms: { depositPercent: number; balanceDue: DueRule }): string {
  if (terms.depositPercent >= 100) return 'The whole amount is paid on signing.';
  if (terms.depositPercent <= 0) return `The whole amount is paid ${balanceWords(terms.balanceDue)}.`;
  return `A deposit of ${terms.depositPercent} % of the total is paid on signing, and the balance ${balanceWords(terms.balanceDue)}.`;
}
