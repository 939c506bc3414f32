import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { Logger } from '#server/logger.ts';
import type { BillingProjects } from './billing-projects.ts';
import { applyCardEvent, type CardEventResult, type Mismatch } from './card-money.ts';
import { CARD_EVENT_TYPES, CLOCK_SKEW_SECONDS, readCardEvent, readEnvelope, signedAt } from './stripe-events.ts';

/*
 * Card payments through Stripe Checkout (decision 093). The server makes each Checkout Session
 * with the amount it works out itself (what the invoice still owes), never one from the browser,
 * remembers what it asked for, and records money only from Stripe's signed webhook: a payment when
 * a session completes as asked, a negative row for a refund or a dispute, a positive one when a
 * dispute is won (card-money.ts). Each event is applied in one transaction with its id, so a
 * delivery Stripe repeats changes nothing, and each Stripe object (payment intent, refund total,
 * dispute) gives at most one row.
 *
 * A signed event that does not match what was asked (another currency, another amount, a session
 * or invoice id this site did not write) is acknowledged with 200 and logged as a warning: Stripe
 * would retry a 4xx for days and it would never match, and the retries would only hide the real
 * events behind a failing endpoint. What is dated ahead of this server's clock is refused (400).
 */

export type WebhookOutcome =
  | { kind: 'refused'; message: string }
  /** `payment`: the event was money received (not a refund or dispute). */
  | { kind: 'applied'; invoice: Invoice; payment: boolean }
  /** Signed, but nothing to record: an unpaid session, a refund total already counted. */
  | { kind: 'nothing' }
  /** A refund or dispute kept until its payment arrives. */
  | { kind: 'waiting' }
  /** Signed, but not money this site asked for (logged as a warning, recorded nowhere as money). */
  | { kind: 'mismatch' }
  | { kind: 'repeated' }
  | { kind: 'ignored'; type: string };

export interface CheckoutRequest {
  invoice: { id: number; number: string; currency: string; amountDueCents: number; projectId: number };
  clientEmail: string;
  studioName: string;
  returnUrl: string;
}

/** The Stripe library pointed at Stripe, or at STRIPE_API_BASE (a local Stripe-compatible server in tests). */
function stripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export class CardPayments {
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: BillingProjects,
    private readonly config: Config & { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string },
    private readonly logger: Logger,
    /** Called after an event was applied: its e-mails (receipt, files ready) go out in seconds. */
    private readonly applied: () => void = () => {},
  ) {
    this.stripe = stripeClient(config);
  }

  /** A Checkout Session for what the invoice still owes; the client pays on Stripe's page and comes back to `returnUrl`. */
  async checkout(request: CheckoutRequest): Promise<{ url: string }> {
    const { invoice } = request;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: request.clientEmail,
        client_reference_id: String(invoice.id),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: invoice.currency.toLowerCase(),
              unit_amount: invoice.amountDueCents,
              product_data: { name: `Invoice ${invoice.number}`, description: request.studioName },
            },
          },
        ],
        metadata: { invoiceId: String(invoice.id), invoiceNumber: invoice.number },
        payment_intent_data: { metadata: { invoiceId: String(invoice.id), invoiceNumber: invoice.number } },
        success_url: `${request.returnUrl}?payment=done`,
        cancel_url: `${request.returnUrl}?payment=cancelled`,
      },
      // One session per invoice and amount owed within Stripe's idempotency window: a double click pays once.
      { idempotencyKey: `invoice-${invoice.id}-due-${invoice.amountDueCents}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    // What was asked, committed before the client can pay: the webhook records only this amount and currency.
    await this.db
      .insertInto('stripeCheckouts')
      .values({ id: session.id, invoiceId: invoice.id, amountCents: invoice.amountDueCents, currency: invoice.currency })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return { url: session.url };
  }

  /**
   * Checks the signature over the raw body, and that neither it nor the event is dated ahead of
   * this server's clock (Stripe's library checks only that a signature is not too old), then
   * applies the event once.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no signature');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      return { kind: 'refused', message: 'The webhook signature does not match' };
    }
    const now = new Date();
    const latest = Math.floor(now.getTime() / 1000) + CLOCK_SKEW_SECONDS;
    if ((signedAt(signature) ?? Infinity) > latest) return { kind: 'refused', message: 'The webhook signature is dated in the future' };
    const envelope = readEnvelope(event);
    if (!envelope) return { kind: 'refused', message: 'The webhook event is not one Stripe sends' };
    if (envelope.created > latest) return { kind: 'refused', message: 'The webhook event is dated in the future' };
    if (!CARD_EVENT_TYPES.has(envelope.type)) return { kind: 'ignored', type: envelope.type };
    const cardEvent = readCardEvent(envelope);
    try {
      const result = await this.db.transaction().execute(async (trx): Promise<CardEventResult | 'repeated'> => {
        const fresh = await trx
          .insertInto('stripeEvents')
          .values({ id: cardEvent.id, type: cardEvent.type, receivedAt: now.toISOString() })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if ((fresh.numInsertedOrUpdatedRows ?? 0n) === 0n) return 'repeated';
        if (cardEvent.kind === 'malformed')
          return {
            kind: 'mismatch',
            mismatch: {
              eventId: cardEvent.id,
              type: cardEvent.type,
              problem: 'its object is not what Stripe sends',
              details: { problem: cardEvent.problem },
            },
          };
        return applyCardEvent(trx, this.projects, cardEvent, rawBody.toString('utf8'), now);
      });
      return result === 'repeated' ? { kind: 'repeated' } : this.reported(result, cardEvent.kind === 'payment');
    } catch (error) {
      // A backstop: each Stripe object gives one row (the unique index), whatever reached it first.
      if (isUniqueViolation(error)) return { kind: 'repeated' };
      throw error;
    }
  }

  /** The committed result, logged: a mismatch as a warning, so the owner can refund or ask Stripe. */
  private reported(result: CardEventResult, payment: boolean): WebhookOutcome {
    const warn = (mismatch: Mismatch) =>
      this.logger.warn(
        { event: mismatch.eventId, type: mismatch.type, ...mismatch.details },
        `card event not recorded: ${mismatch.problem}`,
      );
    switch (result.kind) {
      case 'applied':
        result.mismatches.forEach(warn);
        this.logger.info({ invoiceId: result.invoice.id, paidCents: result.invoice.paidCents }, 'card payment applied');
        this.applied();
        return { kind: 'applied', invoice: result.invoice, payment };
      case 'mismatch':
        warn(result.mismatch);
        return { kind: 'mismatch' };
      case 'waiting':
        this.logger.info({ paymentIntent: result.paymentIntent }, 'card refund or dispute kept until its payment arrives');
        return { kind: 'waiting' };
      default:
        return { kind: 'nothing' };
    }
  }
}

/** Card payments exist only when both Stripe settings are set. */
export function cardPaymentsFrom(
  db: Kysely<Database>,
  projects: BillingProjects,
  config: Config,
  logger: Logger,
  applied?: () => void,
): CardPayments | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    if (config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET)
      logger.warn('card payments are off: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must both be set');
    return null;
  }
  return new CardPayments(
    db,
    projects,
    { ...config, STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: config.STRIPE_WEBHOOK_SECRET },
    logger,
    applied,
  );
}
