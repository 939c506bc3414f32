import { calendarDateSchema } from '#common/calendar-date.ts';
import { safeText } from '#common/text.ts';
import { z } from '#common/zod.ts';
import { MAX_INVOICE_CENTS, percentToTaxRate } from './money.ts';

/*
 * What the owner sends to make, change and settle invoices, judged the same in the admin's forms and
 * in the API. Every amount is integer cents; a tax percent has at most three decimals (8.875).
 */

/** `refunded`: everything received was given back; it asks for nothing more (decision 104). */
export const INVOICE_STATES = ['draft', 'sent', 'partly_paid', 'paid', 'refunded', 'void'] as const;
export type InvoiceStateName = (typeof INVOICE_STATES)[number];
/**
 * What counts as an unpaid invoice: one that was sent and still asks for money, whole or in part.
 * A draft asks for nothing yet; a paid or void one asks for nothing more. The one statement of the
 * rule: what is owed, overdue, the delivery lock, the reminders and the owner's payments all read it.
 */
export const UNPAID_INVOICE_STATES = ['sent', 'partly_paid'] as const satisfies readonly InvoiceStateName[];
export const isUnpaid = (state: InvoiceStateName): state is (typeof UNPAID_INVOICE_STATES)[number] =>
  (UNPAID_INVOICE_STATES as readonly InvoiceStateName[]).includes(state);
export const INVOICE_KINDS = ['deposit', 'balance', 'full', 'custom'] as const;
export type InvoiceKindName = (typeof INVOICE_KINDS)[number];
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash', 'other'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
/** What the owner may record by hand: card payments come only from Stripe's signed webhook. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'other'] as const;
export const MAX_INVOICE_LINES = 50;
/** What moved money on an invoice: a payment, a refund, a card dispute taking it, a won dispute giving it back. */
export const PAYMENT_KINDS = ['payment', 'refund', 'dispute', 'dispute_won'] as const;
export type PaymentKindName = (typeof PAYMENT_KINDS)[number];
/** A card dispute is open until Stripe closes it won or lost; while open or lost the masters stay locked. */
export const DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export type DisputeStateName = (typeof DISPUTE_STATES)[number];

export const cents = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(min, min === 0 ? `${label} must not be negative` : `${label} must be at least ${min} cent`)
    .max(MAX_INVOICE_CENTS, `${label} is too large`);

export const invoiceLineSchema = z.strictObject({
  description: safeText(z.string({ error: 'Description is required' }), 'Description')
    .trim()
    .min(1, 'Description is required')
    .max(200, 'Description must be at most 200 characters'),
  amountCents: cents('Amount'),
});

export const taxPercent = z
  .number({ error: 'Tax must be a percent' })
  .min(0, 'Tax must not be negative')
  .max(50, 'Tax must be at most 50 %')
  .refine((value) => percentToTaxRate(value) !== null, 'Tax may have at most three decimals, like 8.875');

const invoiceFields = {
  lines: z
    .array(invoiceLineSchema, { error: 'Lines must be a list' })
    .min(1, 'Add at least one line')
    .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines`),
  dueDate: calendarDateSchema('Due date').nullable(),
  taxPercent,
  discountCents: cents('Discount'),
  notes: safeText(z.string({ error: 'Notes must be text' }), 'Notes', { multiline: true }).max(
    2000,
    'Notes must be at most 2000 characters',
  ),
};

const discountWithinSubtotal = (invoice: { lines?: Array<{ amountCents: number }>; discountCents?: number }) =>
  invoice.lines === undefined ||
  invoice.discountCents === undefined ||
  invoice.discountCents <= invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
const discountRule = { error: 'The discount must not be more than the lines add up to', path: ['discountCents'] };

export const createInvoiceSchema = z
  .strictObject({
    lines: invoiceFields.lines,
    /** Omitted: the studio's days to pay from today; null: no due date. */
    dueDate: invoiceFields.dueDate.optional(),
    taxPercent: invoiceFields.taxPercent.optional().default(0),
    discountCents: invoiceFields.discountCents.optional().default(0),
    notes: invoiceFields.notes.optional().default(''),
    kind: z.enum(INVOICE_KINDS, { error: 'kind must be deposit, balance, full or custom' }).optional().default('custom'),
  })
  .refine(discountWithinSubtotal, discountRule);
/** A new invoice as the server makes it, its defaults filled in. */
export type CreateInvoiceInput = z.output<typeof createInvoiceSchema>;

/** A draft's change: any of the fields, the rest kept. */
export const updateInvoiceSchema = z
  .strictObject({
    lines: invoiceFields.lines.optional(),
    dueDate: invoiceFields.dueDate.optional(),
    taxPercent: invoiceFields.taxPercent.optional(),
    discountCents: invoiceFields.discountCents.optional(),
    notes: invoiceFields.notes.optional(),
  })
  .refine(discountWithinSubtotal, discountRule);

/** `POST /api/admin/projects/{id}/invoices/plan`: the project's price as a deposit and a balance (or one invoice when 0 %). */
export const invoicePlanSchema = z.strictObject({
  depositPercent: z
    .number({ error: 'Deposit must be a percent' })
    .int('Deposit must be a whole percent')
    .min(0, 'Deposit must be 0 to 100 %')
    .max(100, 'Deposit must be 0 to 100 %')
    .optional(),
});

/** What a payment and a refund recorded by hand both say: how much, how it moved, its reference. */
const moneyMovedByHand = {
  amountCents: cents('Amount', 1),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Method must be bank_transfer, cash or other' }),
  reference: safeText(z.string({ error: 'Reference must be text' }), 'Reference')
    .trim()
    .max(200, 'Reference must be at most 200 characters')
    .optional(),
};

export const recordPaymentSchema = z.strictObject({ ...moneyMovedByHand, paidOn: calendarDateSchema('Paid on').optional() });

/** `POST /api/admin/invoices/{id}/refunds`: money the owner gave back, and whether the masters lock again. */
export const recordRefundSchema = z.strictObject({
  ...moneyMovedByHand,
  paidOn: calendarDateSchema('Refunded on').optional(),
  /** The owner's answer, asked with the refund: lock the project's deliveries again. No by default. */
  relockDelivery: z.boolean({ error: 'relockDelivery must be true or false' }).optional().default(false),
});

/** `PUT /api/admin/invoices/{id}/refund-lock`: the same choice later (a card refund from Stripe starts at no). */
export const refundLockSchema = z.strictObject({
  relockDelivery: z.boolean({ error: 'relockDelivery must be true or false' }),
});

export const voidInvoiceSchema = z.strictObject({
  reason: safeText(z.string({ error: 'Reason must be text' }), 'Reason', { multiline: true })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .optional()
    .default(''),
  /** Make a new draft with the same lines, to change and send in its place. */
  reissue: z.boolean({ error: 'reissue must be true or false' }).optional().default(false),
});

export interface InvoiceView {
  id: number;
  projectId: number;
  number: string;
  kind: InvoiceKindName;
  state: InvoiceStateName;
  currency: string;
  lines: Array<{ description: string; amountCents: number }>;
  subtotalCents: number;
  discountCents: number;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
  /** What was received (payments only; refunds and disputes are their own figures). */
  paidCents: number;
  /** What was given back. */
  refundedCents: number;
  /** What open or lost card disputes hold. */
  disputedCents: number;
  /** The owner chose that the refund locks the deliveries again. */
  refundLocksDelivery: boolean;
  /** What is still owed: the total less payments, never below zero; 0 for drafts, void, paid and refunded ones. */
  amountDueCents: number;
  /** The invoice's card disputes, oldest first. */
  disputes: Array<{ id: string; amountCents: number; state: DisputeStateName; openedAt: string; closedAt: string | null }>;
  dueDate: string | null;
  notes: string;
  replacesInvoiceId: number | null;
  replacedByInvoiceId: number | null;
  sentAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: string;
  payments: Array<{
    id: number;
    kind: PaymentKindName;
    amountCents: number;
    method: string;
    reference: string | null;
    paidOn: string;
    recordedBy: string;
  }>;
}

/** What may still be given back: what was received less what went back and what disputes took (decision 104). */
export const refundableCents = (invoice: Pick<InvoiceView, 'paidCents' | 'refundedCents' | 'disputedCents'>) =>
  Math.max(0, invoice.paidCents - invoice.refundedCents - invoice.disputedCents);

/** `GET /api/admin/invoices`: each invoice with whose it is, for the Money view. */
export interface AdminInvoiceListItem extends InvoiceView {
  projectTitle: string;
  clientName: string;
}
