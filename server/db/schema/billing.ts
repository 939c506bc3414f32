import type { DisputeStateName, InvoiceKindName, InvoiceStateName, PaymentKindName, PaymentMethodName } from '#common/billing/invoices.ts';
import type { DueRuleName, PlanPartKind } from '#common/billing/payment-plan.ts';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

// The lists themselves are the forms' and the API's (common/billing/invoices.ts): one statement of each.
export type InvoiceKind = InvoiceKindName;
export type InvoiceState = InvoiceStateName;

/** A project's invoice, in integer cents (decision 093). A sent one is never edited: voided and reissued. */
export interface InvoicesTable {
  id: Generated<number>;
  projectId: number;
  /** `ATL-2027-0001`: unique, never reused (invoice_counters). */
  number: string;
  kind: InvoiceKind;
  state: Generated<InvoiceState>;
  currency: string;
  subtotalCents: number;
  discountCents: Generated<number>;
  /** The tax rate in thousandths of a percent (8.875 % is 8875), so no float is ever stored. */
  taxRate: Generated<number>;
  taxCents: Generated<number>;
  totalCents: number;
  /** Money received (payments only), kept with each payment in the same transaction. */
  paidCents: Generated<number>;
  /** Money given back: refunds, by card or recorded by the owner. */
  refundedCents: Generated<number>;
  /** Money card disputes hold: taken when one opens, given back when it is won, kept when it is lost. */
  disputedCents: Generated<number>;
  /** 1: the owner chose that a refund locks the project's deliveries again (default 0, no). */
  refundLocksDelivery: Generated<number>;
  /** `YYYY-MM-DD` */
  dueDate: string | null;
  notes: Generated<string>;
  /** The voided invoice this one reissues. */
  replacesInvoiceId: number | null;
  sentAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoiceId: number;
  position: number;
  description: string;
  amountCents: number;
}

/** The last invoice number given in a series (`ATL-2027`). */
export interface InvoiceCountersTable {
  series: string;
  lastNumber: number;
}

export type PaymentMethod = PaymentMethodName;

/** Money received (positive) or refunded (negative) against an invoice. */
export interface PaymentsTable {
  id: Generated<number>;
  invoiceId: number;
  kind: Generated<PaymentKindName>;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  /** `YYYY-MM-DD` */
  paidOn: string;
  /** The Stripe object (payment intent, refund, dispute) it came from: one row per object. */
  stripeObjectId: string | null;
  /** `admin:{id}` or `stripe` */
  recordedBy: string;
  createdAt: Timestamp;
}

export type BillingEmailKind = 'invoice_sent' | 'receipt' | 'reminder_before' | 'overdue_due' | 'overdue_week' | 'files_ready';

/** A Stripe dispute of a card payment: its money moves once when it opens and once if it is won. */
export interface CardDisputesTable {
  /** Stripe's dispute id (`dp_...`). */
  id: string;
  invoiceId: number;
  amountCents: number;
  currency: string;
  state: DisputeStateName;
  openedAt: Timestamp;
  closedAt: string | null;
}

export type BillingNoticeKind = 'payment' | 'refund' | 'dispute_opened' | 'dispute_won' | 'dispute_lost';

/** The studio's e-mail about money that moved on an invoice, sent at least once, one per `subject`. */
export interface BillingNoticesTable {
  id: Generated<number>;
  invoiceId: number;
  kind: BillingNoticeKind;
  /** What it tells of, once: `payment:12` (a payments row), `dispute-lost:dp_1`. */
  subject: string;
  amountCents: number;
  /** The copy for one of the project's engineers (their admin id); null: the studio's address. */
  staffId: Generated<number | null>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** An e-mail about an invoice, sent at least once (server/email/retried-mail.ts), one per invoice and kind. */
export interface BillingEmailsTable {
  id: Generated<number>;
  invoiceId: number;
  kind: BillingEmailKind;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** A Stripe webhook event applied once, by its id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: Timestamp;
  /** A refund or dispute that came before its payment: the payment intent it waits for (null once applied). */
  waitingFor: string | null;
  /** The waiting event as Stripe signed it (JSON), to apply once its payment is recorded. */
  payload: string | null;
}

/** A Checkout Session the server made: what it asked the client to pay. */
export interface StripeCheckoutsTable {
  /** Stripe's session id (`cs_...`). */
  id: string;
  invoiceId: number;
  amountCents: number;
  /** The invoice's currency, as the invoice writes it (`USD`). */
  currency: string;
  createdAt: Timestamp;
}

/** A payment intent an event named: its row is the lock its payment, refunds and disputes take in turn. */
export interface StripePaymentIntentsTable {
  id: string;
  lastEventAt: Timestamp;
}

/** A project's payment plan (decision 103): one per project, its parts below. */
export interface PaymentPlansTable {
  projectId: number;
  /** 1 to 99: a deposit and a balance; 0 or 100: one payment in full. */
  depositPercent: number;
  /** 1 while the client's uploads wait for the deposit. */
  depositGatesUploads: Generated<number>;
  /** Set by a proposal: the exact amount the plan splits, in cents; null: the project's price. */
  priceCents: number | null;
  /** The tax its invoices carry, in thousandths of a percent (a proposal's; 0 otherwise). */
  taxRate: Generated<number>;
  /** Its invoices' line (a proposal's "Premium mixing × 3 songs"); null: the project's package and title. */
  label: string | null;
  startedAt: Timestamp;
  updatedAt: Timestamp;
}

/** A part of a plan: what it asks, when it is due (`PlanPartKind`, `DueRuleName`), the invoice made for it. */
export interface PaymentPlanPartsTable {
  id: Generated<number>;
  projectId: number;
  position: number;
  kind: PlanPartKind;
  amountCents: number;
  dueRule: DueRuleName;
  /** `YYYY-MM-DD` for `on_date`. */
  dueOn: string | null;
  /** For `days_after_delivery`. */
  dueDays: number | null;
  invoiceId: number | null;
  updatedAt: Timestamp;
}

/** Invoices, payments and Stripe's events (server/billing). */
export interface BillingTables {
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  invoiceCounters: InvoiceCountersTable;
  payments: PaymentsTable;
  stripeEvents: StripeEventsTable;
  stripeCheckouts: StripeCheckoutsTable;
  stripePaymentIntents: StripePaymentIntentsTable;
  billingEmails: BillingEmailsTable;
  paymentPlans: PaymentPlansTable;
  paymentPlanParts: PaymentPlanPartsTable;
  cardDisputes: CardDisputesTable;
  billingNotices: BillingNoticesTable;
}

export type Invoice = Selectable<InvoicesTable>;
export type InvoiceLine = Selectable<InvoiceLinesTable>;
export type Payment = Selectable<PaymentsTable>;
export type PaymentPlanPart = Selectable<PaymentPlanPartsTable>;
export type CardDispute = Selectable<CardDisputesTable>;
