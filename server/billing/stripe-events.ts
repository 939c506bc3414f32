import { MAX_INVOICE_CENTS } from '#common/billing/money.ts';
import { z } from '#common/zod.ts';

/*
 * What this site reads of a Stripe webhook event, checked field by field. A valid signature says
 * who sent the event, not that it holds what this site expects: an amount of 12.5 cents or an id
 * beyond a database integer would otherwise reach PostgreSQL (a 500), and text the server did not
 * write would be taken for its own. Only the fields used are read; Stripe's others pass unchecked.
 */

/** How far ahead of this server's clock an event may be dated: Stripe's own tolerance for a signature's age. */
export const CLOCK_SKEW_SECONDS = 300;

const stripeId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/);
const cents = z.number().int().min(0).max(MAX_INVOICE_CENTS);
const currency = z.string().regex(/^[a-z]{3}$/i);
/** An expandable reference: Stripe sends the id, or the object when it was expanded. */
const reference = z.union([stripeId, z.object({ id: stripeId }).transform((object) => object.id)]);

const envelopeSchema = z.object({
  id: stripeId,
  type: z.string().max(255),
  created: z.number().int().positive(),
  data: z.object({ object: z.unknown() }),
});

const sessionSchema = z.object({
  id: stripeId,
  payment_status: z.string(),
  amount_total: cents,
  currency,
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: reference.nullish(),
});

const chargeSchema = z.object({
  id: stripeId,
  payment_intent: reference,
  /** The charge's running total of refunds. */
  amount_refunded: cents,
  currency,
});

const disputeSchema = z.object({
  id: stripeId,
  payment_intent: reference,
  amount: cents,
  currency,
  status: z.string(),
});

export type CheckoutSession = z.output<typeof sessionSchema>;
export type RefundedCharge = z.output<typeof chargeSchema>;
export type Dispute = z.output<typeof disputeSchema>;

/** An event of a kind this site applies, its object read; `malformed` when the object is not what Stripe sends. */
export type CardEvent = { id: string; type: string; created: number } & (
  | { kind: 'payment'; session: CheckoutSession }
  | { kind: 'refund'; charge: RefundedCharge }
  | { kind: 'dispute'; dispute: Dispute; closed: boolean }
  | { kind: 'malformed'; problem: string }
);

export const CARD_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
]);

const problemOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'object'}: ${issue.message}`).join('; ');

/** The event's id, type and time, or null when even those are not what Stripe sends. */
export function readEnvelope(event: unknown): { id: string; type: string; created: number; object: unknown } | null {
  const parsed = envelopeSchema.safeParse(event);
  return parsed.success ? { ...parsed.data, object: parsed.data.data.object } : null;
}

/** One of CARD_EVENT_TYPES with its object checked. */
export function readCardEvent(envelope: { id: string; type: string; created: number; object: unknown }): CardEvent {
  const head = { id: envelope.id, type: envelope.type, created: envelope.created };
  const read = <T>(schema: z.ZodType<T>) => schema.safeParse(envelope.object);
  switch (envelope.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = read(sessionSchema);
      return session.success
        ? { ...head, kind: 'payment', session: session.data }
        : { ...head, kind: 'malformed', problem: problemOf(session.error) };
    }
    case 'charge.refunded': {
      const charge = read(chargeSchema);
      return charge.success
        ? { ...head, kind: 'refund', charge: charge.data }
        : { ...head, kind: 'malformed', problem: problemOf(charge.error) };
    }
    default: {
      const dispute = read(disputeSchema);
      return dispute.success
        ? { ...head, kind: 'dispute', dispute: dispute.data, closed: envelope.type === 'charge.dispute.closed' }
        : { ...head, kind: 'malformed', problem: problemOf(dispute.error) };
    }
  }
}

/** The `t=` of a Stripe-Signature header: when Stripe signed it (seconds), or null. */
export function signedAt(header: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) : null;
}
