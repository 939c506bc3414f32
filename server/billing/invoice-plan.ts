import { depositSplit } from '#common/billing/money.ts';

/**
 * A project's agreed price (whole dollars) as invoice drafts: a deposit of `depositPercent` and the
 * balance, or one invoice in full when either part would be nothing (0 % or 100 %). The package and
 * the title name the line; the owner edits drafts before sending them.
 */
export function planDrafts(project: { price: number; packageTitle: string; title: string }, depositPercent: number) {
  const totalCents = project.price * 100;
  const what = `${project.packageTitle}: ${project.title}`;
  const { depositCents, balanceCents } = depositSplit(totalCents, depositPercent);
  if (depositCents === 0 || balanceCents === 0) return [{ kind: 'full', lines: [{ description: what, amountCents: totalCents }] }];
  return [
    { kind: 'deposit', lines: [{ description: `${what} (deposit, ${depositPercent} %)`, amountCents: depositCents }] },
    { kind: 'balance', lines: [{ description: `${what} (balance, ${100 - depositPercent} %)`, amountCents: balanceCents }] },
  ];
}
