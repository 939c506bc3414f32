import { depositSplit } from '#common/billing/money.ts';
import { addCalendarDays } from '#common/calendar-date.ts';
import { splitPlan, type DueRule, type PlanPartKind } from '#common/billing/payment-plan.ts';

/*
 * A plan's amount (the project's agreed price, or a proposal's exact sum) as the parts of its
 * payment plan, each with its due rule: a deposit of `depositPercent` and the balance, or one
 * payment in full (splitPlan). Amounts are integer cents and always add up to the amount.
 */

export interface PlannedPart {
  kind: PlanPartKind;
  amountCents: number;
  due: DueRule;
}

export function planParts(totalCents: number, plan: { depositPercent: number; depositDue: DueRule; balanceDue: DueRule }): PlannedPart[] {
  const parts = splitPlan(totalCents, plan.depositPercent);
  // In full: due as the deposit would be when it is all of it, as the balance would be when there is none.
  if (parts.length === 1)
    return [{ ...parts[0]!, due: depositSplit(totalCents, plan.depositPercent).balanceCents === 0 ? plan.depositDue : plan.balanceDue }];
  return parts.map((part) => ({ ...part, due: part.kind === 'deposit' ? plan.depositDue : plan.balanceDue }));
}

/** The invoice line of a part: the package and the title, and which part of the price it is. */
export function partLine(project: { packageTitle: string; title: string }, kind: PlanPartKind, depositPercent: number): string {
  const what = `${project.packageTitle}: ${project.title}`;
  if (kind === 'deposit') return `${what} (deposit, ${depositPercent} %)`;
  if (kind === 'balance') return `${what} (balance, ${100 - depositPercent} %)`;
  return what;
}

/**
 * The due date of a part's invoice made `today`: its date, the days after delivery, or the studio's
 * days to pay. A later part is never due on or before the part ahead of it (issue 40: the balance
 * was due the same day as the deposit): it moves to that day plus the days to pay (at least one).
 */
export function partDueDate(due: DueRule, today: string, paymentTermsDays: number, previousDueDate: string | null): string {
  const own =
    due.rule === 'on_date'
      ? due.date
      : due.rule === 'days_after_delivery'
        ? addCalendarDays(today, due.days)
        : addCalendarDays(today, paymentTermsDays);
  if (previousDueDate === null || own > previousDueDate) return own;
  return addCalendarDays(previousDueDate, Math.max(1, paymentTermsDays));
}
