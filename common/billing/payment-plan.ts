import { calendarDateSchema } from '#common/calendar-date.ts';
import { depositSplit } from './money.ts';
import { z } from '#common/zod.ts';
import type { InvoiceStateName } from './invoices.ts';

/*
 * A project's payment plan (decision 103): the parts the agreed price is paid in and when each is
 * due. The plan, not the invoices made from it, is what holds the masters: a part due before
 * delivery holds them until it is paid, whether it is invoiced yet or not. The admin's form, the API
 * and (later) a proposal's acceptance send the same input.
 */

export const PLAN_PART_KINDS = ['deposit', 'balance', 'full'] as const;
export type PlanPartKind = (typeof PLAN_PART_KINDS)[number];

export const DUE_RULES = ['at_start', 'before_delivery', 'on_date', 'days_after_delivery'] as const;
export type DueRuleName = (typeof DUE_RULES)[number];

/** When a part is due: when the work starts, before the masters leave, on a date, or some days after delivery. */
export type DueRule =
  { rule: 'at_start' } | { rule: 'before_delivery' } | { rule: 'on_date'; date: string } | { rule: 'days_after_delivery'; days: number };

/**
 * An amount in cents as a plan's parts: a deposit of `depositPercent` and the balance, or one payment
 * in full when either would be nothing (0 % or 100 %). The parts always add up to the amount. The
 * plan's parts (server/billing/invoice-plan.ts) and a proposal's sums (common/proposals.ts) both split so.
 */
export function splitPlan(totalCents: number, depositPercent: number): Array<{ kind: PlanPartKind; amountCents: number }> {
  const { depositCents, balanceCents } = depositSplit(totalCents, depositPercent);
  if (depositCents === 0 || balanceCents === 0) return [{ kind: 'full', amountCents: totalCents }];
  return [
    { kind: 'deposit', amountCents: depositCents },
    { kind: 'balance', amountCents: balanceCents },
  ];
}

/** A part due after delivery is the studio's trust in the client: it never holds the masters; every other rule does. */
export const holdsDelivery = (due: DueRule): boolean => due.rule !== 'days_after_delivery';

export const dueRuleSchema = z.discriminatedUnion(
  'rule',
  [
    z.strictObject({ rule: z.literal('at_start') }),
    z.strictObject({ rule: z.literal('before_delivery') }),
    z.strictObject({ rule: z.literal('on_date'), date: calendarDateSchema('Due date') }),
    z.strictObject({
      rule: z.literal('days_after_delivery'),
      days: z
        .number({ error: 'Days must be a number' })
        .int('Days must be whole days')
        .min(1, 'Days must be 1 to 365')
        .max(365, 'Days must be 1 to 365'),
    }),
  ],
  { error: `The due rule must be one of ${DUE_RULES.join(', ')}` },
);

/**
 * `PUT /api/admin/projects/{id}/plan`. `depositPercent` 1 to 99 makes a deposit and a balance; 100 is
 * one payment in full due as the deposit would be, 0 one payment in full due as the balance would be.
 */
export const paymentPlanSchema = z
  .strictObject({
    depositPercent: z
      .number({ error: 'Deposit must be a percent' })
      .int('Deposit must be a whole percent')
      .min(0, 'Deposit must be 0 to 100 %')
      .max(100, 'Deposit must be 0 to 100 %'),
    depositDue: dueRuleSchema.optional().default({ rule: 'at_start' }),
    balanceDue: dueRuleSchema.optional().default({ rule: 'before_delivery' }),
    depositGatesUploads: z.boolean({ error: 'depositGatesUploads must be true or false' }).optional().default(false),
  })
  .refine((plan) => plan.depositPercent === 0 || plan.depositDue.rule !== 'days_after_delivery', {
    error: 'A deposit is paid before the work, not after delivery',
    path: ['depositDue'],
  })
  .refine((plan) => !plan.depositGatesUploads || plan.depositPercent > 0, {
    error: 'There is no deposit for the uploads to wait for',
    path: ['depositGatesUploads'],
  });
export type PaymentPlanInput = z.input<typeof paymentPlanSchema>;

/** Where a part stands: not invoiced yet, or its invoice's state. */
export type PlanPartState = 'not_invoiced' | InvoiceStateName;

export interface PlanPartView {
  kind: PlanPartKind;
  amountCents: number;
  due: DueRule;
  /** Whether the masters wait for this part (`holdsDelivery`). */
  holdsDelivery: boolean;
  /** The live invoice made for it (a reissue follows the voided one), or null. */
  invoiceId: number | null;
  invoiceNumber: string | null;
  state: PlanPartState;
  /** What it still asks for: its amount until invoiced, then what its invoice owes (a draft's whole total). */
  owedCents: number;
}

export interface PaymentPlanView {
  projectId: number;
  depositPercent: number;
  depositGatesUploads: boolean;
  totalCents: number;
  startedAt: string;
  parts: PlanPartView[];
  /** What the parts due before delivery still ask for: while above nothing (and the lock is on), the masters wait. */
  heldCents: number;
  /** The deposit (or the payment in full due at the start) is paid: the work may begin. */
  depositPaid: boolean;
}

/** `GET/PUT /api/admin/projects/{id}/plan`: the plan (null before one is set) and what the form starts from. */
export interface PlanAnswer {
  plan: PaymentPlanView | null;
  /** The project's agreed price in cents, or null when none is set (no plan can be made then). */
  priceCents: number | null;
  currency: string;
  /** The studio's usual deposit share (billing settings). */
  defaultDepositPercent: number;
}

/** The client's upload refused while the deposit gates the work. */
export const DEPOSIT_GATE_MESSAGE = 'Uploads open once the deposit is paid. Pay it on your project page, then send your files.';
