import type { InvoiceView } from './invoices.ts';

/** `GET /api/portal/projects/{id}/invoices`: what the invited client owes on a project and how they may pay it. */
export interface PortalBillingView {
  /** The project's sent invoices (never drafts), void ones included, oldest first. */
  invoices: InvoiceView[];
  /** What all of them still owe together: what can be paid now. */
  amountDueCents: number;
  /** Downloads of the deliveries answer 402 until `heldCents` is paid (the lock is on and something due before delivery is owed). */
  deliveriesLocked: boolean;
  /**
   * What the masters wait for: every part of the payment plan due before delivery still unpaid,
   * invoiced yet or not (decision 103), and any other sent invoice's balance. More than
   * `amountDueCents` while the studio has not sent the balance's invoice yet.
   */
  heldCents: number;
  /** While the plan gates the work on the deposit and it is unpaid: what it asks (uploads answer 402); else null. */
  uploadsWaitForDeposit: { amountDueCents: number } | null;
  /** Whether "Pay now" (Stripe Checkout) is offered: the studio has card payments set up. */
  cardPayments: boolean;
  /** The owner's own words on how else to pay (bank details, cash); may be empty. */
  paymentInstructions: string;
}

/** Where Checkout sends the client back: `?payment=done` or `?payment=cancelled` on the project page. */
export const PAYMENT_RETURN_PARAM = 'payment';
