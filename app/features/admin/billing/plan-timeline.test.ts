import { describe, expect, it } from 'vitest';
import type { PaymentPlanView, PlanPartView } from '#common/billing/payment-plan.ts';
import { planTimeline } from './plan-timeline.ts';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const part = (kind: PlanPartView['kind'], state: PlanPartView['state'], due: PlanPartView['due'], owedCents = 17_500): PlanPartView => ({
  kind,
  amountCents: 17_500,
  due,
  holdsDelivery: due.rule !== 'days_after_delivery',
  invoiceId: state === 'not_invoiced' ? null : 1,
  invoiceNumber: state === 'not_invoiced' ? null : 'ATL-2026-0001',
  state,
  owedCents: state === 'paid' ? 0 : owedCents,
});
const plan = (parts: PlanPartView[]): PaymentPlanView => ({
  projectId: 1,
  depositPercent: 50,
  depositGatesUploads: false,
  totalCents: 35_000,
  startedAt: '2026-12-01T10:00:00.000Z',
  parts,
  heldCents: parts.filter((p) => p.holdsDelivery).reduce((sum, p) => sum + p.owedCents, 0),
  depositPaid: parts[0]?.state === 'paid',
});
const states = (steps: ReturnType<typeof planTimeline>) =>
  steps.map((step) => `${step.key}:${step.state}${step.state === 'next' ? `:${step.waiting}` : ''}`);

describe("the owner's plan timeline", () => {
  it('waits on the owner to send a drafted deposit, then on the client to pay it', () => {
    const drafted = plan([part('deposit', 'draft', { rule: 'at_start' }), part('balance', 'not_invoiced', { rule: 'before_delivery' })]);
    const facts = { status: 'awaiting_files' as const, deliveries: 0, deliveryLocked: true };
    expect(states(planTimeline(drafted, facts, money))).toEqual([
      'started:done',
      'deposit:next:you',
      'work:later',
      'review:later',
      'balance:later',
      'delivered:later',
    ]);
    const sent = plan([part('deposit', 'sent', { rule: 'at_start' }), part('balance', 'not_invoiced', { rule: 'before_delivery' })]);
    expect(planTimeline(sent, facts, money)[1]).toMatchObject({ state: 'next', waiting: 'client', detail: '$175.00 due on ATL-2026-0001' });
  });

  it('holds the delivery while the balance is unpaid, masters uploaded or not', () => {
    const owing = plan([part('deposit', 'paid', { rule: 'at_start' }), part('balance', 'draft', { rule: 'before_delivery' })]);
    const steps = planTimeline(owing, { status: 'delivered', deliveries: 2, deliveryLocked: true }, money);
    expect(states(steps)).toEqual(['started:done', 'deposit:done', 'work:done', 'review:done', 'balance:next:you', 'delivered:later']);
    expect(steps.at(-1)!.detail).toBe('Masters held until $175.00 is paid');
    // Unlocked by hand: delivered, whatever is owed.
    expect(planTimeline(owing, { status: 'delivered', deliveries: 2, deliveryLocked: false }, money).at(-1)!.state).toBe('done');
  });

  it('does not wait on a balance due after delivery, nor show a deposit for a payment in full before delivery', () => {
    const later = plan([
      part('deposit', 'paid', { rule: 'at_start' }),
      part('balance', 'not_invoiced', { rule: 'days_after_delivery', days: 14 }),
    ]);
    expect(
      planTimeline(later, { status: 'in_review', deliveries: 0, deliveryLocked: true }, money).find((s) => s.key === 'balance')!.state,
    ).toBe('done');
    const full = plan([part('full', 'not_invoiced', { rule: 'before_delivery' })]);
    expect(planTimeline(full, { status: 'in_progress', deliveries: 0, deliveryLocked: true }, money).map((s) => s.key)).toEqual([
      'started',
      'work',
      'review',
      'balance',
      'delivered',
    ]);
  });
});
