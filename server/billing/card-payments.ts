import Stripe from 'stripe';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '#server/config.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { Logger } from '#server/logger.ts';
import { applyMoney, type AppliedMoney } from './payments.ts';

/*
 * Card payments through Stripe Checkout (decision 093). The server makes each Checkout Session
 * with the amount it works out itself (what the invoice still owes), never one from the browser,
 * and records money only from Stripe's signed webhook: a payment when a session completes, a
 * negative row for a refund or a dispute, a positive one when a dispute is won. Each event is
 * applied in one transaction with its id, so a delivery Stripe repeats changes nothing, and each
 * Stripe object (payment intent, refund total, dispute) gives at most one row.
 */

export type WebhookOutcome =
  | { kind: 'refused'; message: string }
  | { kind: 'applied'; invoiceId: number | null; invoice: Invoice | null }
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

const paidOnOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
]);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export class CardPayments {
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Kysely<Database>,
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
    return { url: session.url };
  }

  /** Checks the signature over the raw body and applies the event once. */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no signature');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      return { kind: 'refused', message: 'The webhook signature does not match' };
    }
    if (!HANDLED_EVENTS.has(event.type)) return { kind: 'ignored', type: event.type };
    try {
      return await this.db
        .transaction()
        .execute(async (trx): Promise<WebhookOutcome> => {
          const fresh = await trx
            .insertInto('stripeEvents')
            .values({ id: event.id, type: event.type, receivedAt: new Date().toISOString() })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .executeTakeFirst();
          if ((fresh.numInsertedOrUpdatedRows ?? 0n) === 0n) return { kind: 'repeated' };
          const money = await this.moneyOf(trx, event);
          if (!money) return { kind: 'applied', invoiceId: null, invoice: null };
          const invoice = await applyMoney(trx, money.invoiceId, money.applied, new Date());
          this.logger.info(
            { event: event.id, type: event.type, invoiceId: money.invoiceId, amountCents: money.applied.amountCents },
            'card payment applied',
          );
          return { kind: 'applied', invoiceId: money.invoiceId, invoice };
        })
        .then((outcome) => {
          if (outcome.kind === 'applied') this.applied();
          return outcome;
        });
    } catch (error) {
      // The same Stripe object through another event (a session completed and its async twin): one row, once.
      if (isUniqueViolation(error)) return { kind: 'repeated' };
      throw error;
    }
  }

  /**
   * The money an event moves: undefined for events this site does not use, null for one that names
   * no invoice of ours (recorded as seen, nothing applied). Runs in the event's transaction: a
   * refund's running total is read only after its invoice's row is locked.
   */
  private async moneyOf(
    trx: Transaction<Database>,
    event: Stripe.Event,
  ): Promise<{ invoiceId: number; applied: AppliedMoney } | null | undefined> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.payment_status !== 'paid') return null;
        const invoiceId = Number(session.metadata?.invoiceId ?? session.client_reference_id);
        if (!Number.isInteger(invoiceId) || invoiceId <= 0) return null;
        const intent = idOf(session.payment_intent) ?? session.id;
        return {
          invoiceId,
          applied: {
            amountCents: session.amount_total ?? 0,
            method: 'card',
            reference: intent,
            paidOn: paidOnOf(event.created),
            stripeObjectId: intent,
            recordedBy: 'stripe',
          },
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = idOf(charge.payment_intent);
        const invoiceId = intent ? await invoiceOfIntent(trx, intent) : null;
        if (!intent || invoiceId === null) return null;
        await lockInvoice(trx, invoiceId);
        // amount_refunded is the charge's running total: this event adds what is not recorded yet.
        const recorded = await refundedSoFar(trx, intent);
        const amountCents = charge.amount_refunded - recorded;
        if (amountCents <= 0) return null;
        return {
          invoiceId,
          applied: {
            amountCents: -amountCents,
            method: 'card',
            reference: `Refund of ${intent}`,
            paidOn: paidOnOf(event.created),
            stripeObjectId: `refund:${charge.id}:${charge.amount_refunded}`,
            recordedBy: 'stripe',
          },
        };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const intent = idOf(dispute.payment_intent);
        const invoiceId = intent ? await invoiceOfIntent(trx, intent) : null;
        if (!intent || invoiceId === null) return null;
        if (event.type === 'charge.dispute.closed' && dispute.status !== 'won') return null;
        const won = event.type === 'charge.dispute.closed';
        return {
          invoiceId,
          applied: {
            amountCents: won ? dispute.amount : -dispute.amount,
            method: 'card',
            reference: won ? `Dispute won (${dispute.id})` : `Disputed (${dispute.id})`,
            paidOn: paidOnOf(event.created),
            stripeObjectId: `${won ? 'dispute-won' : 'dispute'}:${dispute.id}`,
            recordedBy: 'stripe',
          },
        };
      }
      default:
        return undefined;
    }
  }
}

async function invoiceOfIntent(trx: Transaction<Database>, intent: string): Promise<number | null> {
  const row = await trx.selectFrom('payments').select('invoiceId').where('stripeObjectId', '=', intent).executeTakeFirst();
  return row?.invoiceId ?? null;
}

/** Takes the invoice's row lock (PostgreSQL) so two refund events of one charge are counted one after the other. */
async function lockInvoice(trx: Transaction<Database>, invoiceId: number): Promise<void> {
  await trx.updateTable('invoices').set({ updatedAt: new Date().toISOString() }).where('id', '=', invoiceId).execute();
}

async function refundedSoFar(trx: Transaction<Database>, intent: string): Promise<number> {
  const rows = await trx
    .selectFrom('payments')
    .select('amountCents')
    .where('reference', '=', `Refund of ${intent}`)
    .where('recordedBy', '=', 'stripe')
    .execute();
  return -rows.reduce((sum, row) => sum + row.amountCents, 0);
}

/** Card payments exist only when both Stripe settings are set. */
export function cardPaymentsFrom(db: Kysely<Database>, config: Config, logger: Logger, applied?: () => void): CardPayments | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    if (config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET)
      logger.warn('card payments are off: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must both be set');
    return null;
  }
  return new CardPayments(
    db,
    { ...config, STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: config.STRIPE_WEBHOOK_SECRET },
    logger,
    applied,
  );
}
