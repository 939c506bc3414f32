import type { InvoiceView } from './invoices.ts';

/** `GET /api/portal/projects/{id}/invoices`: what the invited client owes on a project and how they may pay it. */
export interface PortalBillingView {
  /** The project's sent invoices (never drafts), void ones included, oldest first. */
  invoices: InvoiceView[];
  /** What all of them still owe together. */
  amountDueCents: number;
  /** Downloads of the deliveries answer 402 until that is paid (the project's lock is on and something is owed). */
  deliveriesLocked: boolean;
  /** Whether "Pay now" (Stripe Checkout) is offered: the studio has card payments set up. */
  cardPayments: boolean;
  /** The owner's own words on how else to pay (bank details, cash); may be empty. */
  paymentInstructions: string;
}

/** Where Checkout sends the client back: `?payment=done` or `?payment=cancelled` on the project page. */
export const PAYMENT_RETURN_PARAM = 'payment';
