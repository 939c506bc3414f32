import type { Transaction } from 'kysely';
import { recordIdFromPath } from '#common/record-id.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { applyMoney, type AppliedMoney } from './payments.ts';
import { queueStudioNotice } from './studio-notices.ts';
import { readCardEvent, readEnvelope, type CardEvent, type CheckoutSession, type Dispute, type RefundedCharge } from './stripe-events.ts';

/*
 * The money a signed Stripe event moves, in the event's transaction. A payment counts only when it
 * is a Checkout Session this server made for that invoice, in the currency and for the amount it
 * asked for; a refund or dispute only in its payment's currency and up to what was paid. Anything
 * else is a mismatch: recorded nowhere as money, and reported for the log. A refund or dispute that
 * arrives before its payment waits (its event kept) and is applied with the payment.
 */

type Trx = Transaction<Database>;
type Payable = Extract<CardEvent, { kind: 'payment' | 'refund' | 'dispute' }>;

export interface Mismatch {
  eventId: string;
  type: string;
  problem: string;
  details: Record<string, unknown>;
}

export type CardEventResult =
  /** Money recorded; `mismatches`: refunds or disputes that waited for this payment and did not fit it. */
  | { kind: 'applied'; invoice: Invoice; mismatches: Mismatch[] }
  | { kind: 'nothing' }
  | { kind: 'waiting'; paymentIntent: string }
  | { kind: 'mismatch'; mismatch: Mismatch };

const NOTHING: CardEventResult = { kind: 'nothing' };
const paidOnOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const mismatch = (event: CardEvent, problem: string, details: Record<string, unknown>): CardEventResult => ({
  kind: 'mismatch',
  mismatch: { eventId: event.id, type: event.type, problem, details },
});

/** Applies one event; `raw` is its body as signed, kept if it has to wait for its payment. */
export async function applyCardEvent(
  trx: Trx,
  projects: BillingProjects,
  event: Payable,
  raw: string,
  now: Date,
): Promise<CardEventResult> {
  switch (event.kind) {
    case 'payment':
      return applyPayment(trx, projects, event, event.session, now);
    case 'refund':
      return applyRefund(trx, projects, event, event.charge, raw, now);
    case 'dispute':
      return applyDispute(trx, projects, event, event.dispute, raw, now);
  }
}

async function applyPayment(
  trx: Trx,
  projects: BillingProjects,
  event: Payable,
  session: CheckoutSession,
  now: Date,
): Promise<CardEventResult> {
  const named = session.metadata?.invoiceId;
  // A session without the server's metadata is another product's on the same Stripe account.
  if (session.payment_status !== 'paid' || named === undefined) return NOTHING;
  const invoiceId = recordIdFromPath(named);
  const asked = await trx.selectFrom('stripeCheckouts').selectAll().where('id', '=', session.id).executeTakeFirst();
  if (invoiceId === null || !asked || asked.invoiceId !== invoiceId)
    return mismatch(event, 'not a Checkout Session this site made for that invoice', { sessionId: session.id, invoiceId: named });
  const paid = { amountCents: session.amount_total, currency: session.currency.toUpperCase() };
  if (paid.currency !== asked.currency || paid.amountCents !== asked.amountCents)
    return mismatch(event, 'the session did not pay what was asked', {
      invoiceId,
      asked: { amountCents: asked.amountCents, currency: asked.currency },
      paid,
    });
  const intent = session.payment_intent ?? session.id;
  await takeIntent(trx, intent, now);
  // The session's async twin, or the same payment delivered again under another event id.
  if (await isRecorded(trx, intent)) return NOTHING;
  const invoice = await applyMoney(trx, projects, invoiceId, card(paid.amountCents, intent, event, intent), now);
  if (!invoice) return NOTHING;
  return applyWaiting(trx, projects, intent, invoice, now);
}

async function applyRefund(
  trx: Trx,
  projects: BillingProjects,
  event: Payable,
  charge: RefundedCharge,
  raw: string,
  now: Date,
): Promise<CardEventResult> {
  const intent = charge.payment_intent;
  await takeIntent(trx, intent, now);
  const payment = await paymentOf(trx, intent);
  if (!payment) return keepWaiting(trx, event, intent, raw);
  const wrong = moneyMismatch(event, payment, charge.currency, charge.amount_refunded);
  if (wrong) return wrong;
  // amount_refunded is the charge's running total: this event adds what is not recorded yet.
  const amountCents = charge.amount_refunded - (await refundedSoFar(trx, intent));
  const objectId = `refund:${charge.id}:${charge.amount_refunded}`;
  if (amountCents <= 0 || (await isRecorded(trx, objectId))) return NOTHING;
  const invoice = await applyMoney(
    trx,
    projects,
    payment.invoiceId,
    card(-amountCents, `Refund of ${intent}`, event, objectId, 'refund'),
    now,
  );
  return invoice ? { kind: 'applied', invoice, mismatches: [] } : NOTHING;
}

/**
 * A dispute moves money at most twice, guarded by its row in `card_disputes`: when it opens (the
 * money Stripe took) and when it is won (the money back). Lost, the money stays taken and the
 * dispute keeps the masters locked. A close that arrives before its opening records the dispute
 * closed at once; the opening that follows changes nothing.
 */
async function applyDispute(
  trx: Trx,
  projects: BillingProjects,
  event: Payable & { kind: 'dispute' },
  dispute: Dispute,
  raw: string,
  now: Date,
): Promise<CardEventResult> {
  const intent = dispute.payment_intent;
  await takeIntent(trx, intent, now);
  const payment = await paymentOf(trx, intent);
  if (!payment) return keepWaiting(trx, event, intent, raw);
  const wrong = moneyMismatch(event, payment, dispute.currency, dispute.amount);
  if (wrong) return wrong;
  const outcome = event.closed ? closedState(dispute.status) : 'open';
  if (outcome === null) return NOTHING;
  const known = await trx.selectFrom('cardDisputes').select('state').where('id', '=', dispute.id).executeTakeFirst();
  if (known && (known.state !== 'open' || outcome === 'open')) return NOTHING;
  const { invoiceId } = payment;
  const taken = card(-dispute.amount, `Disputed (${dispute.id})`, event, `dispute:${dispute.id}`, 'dispute');
  if (!known) {
    await trx
      .insertInto('cardDisputes')
      .values({
        id: dispute.id,
        invoiceId,
        amountCents: dispute.amount,
        currency: payment.currency,
        state: outcome,
        openedAt: now.toISOString(),
        closedAt: outcome === 'open' ? null : now.toISOString(),
      })
      .execute();
    // Won before its opening arrived: no money ever left as far as this site knows; the studio still hears.
    if (outcome === 'won') return noticeOnly(trx, projects, invoiceId, 'dispute_won', dispute, now);
    const invoice = await applyMoney(
      trx,
      projects,
      invoiceId,
      { ...taken, notice: outcome === 'lost' ? 'dispute_lost' : 'dispute_opened' },
      now,
    );
    return invoice ? { kind: 'applied', invoice, mismatches: [] } : NOTHING;
  }
  await trx.updateTable('cardDisputes').set({ state: outcome, closedAt: now.toISOString() }).where('id', '=', dispute.id).execute();
  if (outcome === 'lost') return noticeOnly(trx, projects, invoiceId, 'dispute_lost', dispute, now);
  const back = card(dispute.amount, `Dispute won (${dispute.id})`, event, `dispute-won:${dispute.id}`, 'dispute_won');
  const invoice = await applyMoney(trx, projects, invoiceId, back, now);
  return invoice ? { kind: 'applied', invoice, mismatches: [] } : NOTHING;
}

/** Stripe's closed dispute: won or lost; an inquiry closed without money moving (`warning_closed`) changes nothing. */
const closedState = (status: string): 'won' | 'lost' | null => (status === 'won' ? 'won' : status === 'lost' ? 'lost' : null);

async function noticeOnly(
  trx: Trx,
  projects: BillingProjects,
  invoiceId: number,
  kind: 'dispute_won' | 'dispute_lost',
  dispute: Dispute,
  now: Date,
) {
  const subject = `${kind === 'dispute_won' ? 'dispute-won' : 'dispute-lost'}:${dispute.id}`;
  await queueStudioNotice(trx, projects, { invoiceId, kind, subject, amountCents: dispute.amount }, now);
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return { kind: 'applied', invoice, mismatches: [] } satisfies CardEventResult;
}

const card = (
  amountCents: number,
  reference: string,
  event: CardEvent,
  stripeObjectId: string,
  kind: AppliedMoney['kind'] = 'payment',
): AppliedMoney => ({
  kind,
  amountCents,
  method: 'card',
  reference,
  paidOn: paidOnOf(event.created),
  stripeObjectId,
  recordedBy: 'stripe',
});

/** A refund or dispute in another currency than its payment, or for more than was paid. */
function moneyMismatch(event: CardEvent, payment: { amountCents: number; currency: string }, currency: string, amountCents: number) {
  const moved = { amountCents, currency: currency.toUpperCase() };
  if (moved.currency === payment.currency && moved.amountCents <= payment.amountCents) return null;
  return mismatch(event, 'it does not fit its payment', { payment, moved });
}

/**
 * Takes the payment intent's row (an upsert: on PostgreSQL a second transaction waits for the
 * first), so a payment and a refund of it arriving together are applied one after the other and
 * the refund sees the payment, or the payment sees the refund waiting.
 */
async function takeIntent(trx: Trx, intent: string, now: Date): Promise<void> {
  await trx
    .insertInto('stripePaymentIntents')
    .values({ id: intent, lastEventAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ lastEventAt: now.toISOString() }))
    .execute();
}

async function isRecorded(trx: Trx, stripeObjectId: string): Promise<boolean> {
  return (await trx.selectFrom('payments').select('id').where('stripeObjectId', '=', stripeObjectId).executeTakeFirst()) !== undefined;
}

/** The card payment of an intent, with its invoice's currency; undefined until it is recorded. */
async function paymentOf(trx: Trx, intent: string) {
  return trx
    .selectFrom('payments')
    .innerJoin('invoices', 'invoices.id', 'payments.invoiceId')
    .select(['payments.invoiceId', 'payments.amountCents', 'invoices.currency'])
    .where('payments.stripeObjectId', '=', intent)
    .executeTakeFirst();
}

async function refundedSoFar(trx: Trx, intent: string): Promise<number> {
  const rows = await trx
    .selectFrom('payments')
    .select('amountCents')
    .where('reference', '=', `Refund of ${intent}`)
    .where('recordedBy', '=', 'stripe')
    .execute();
  return -rows.reduce((sum, row) => sum + row.amountCents, 0);
}

/** The event stays recorded as received, with its body: the payment's event applies it. */
async function keepWaiting(trx: Trx, event: CardEvent, intent: string, raw: string): Promise<CardEventResult> {
  await trx.updateTable('stripeEvents').set({ waitingFor: intent, payload: raw }).where('id', '=', event.id).execute();
  return { kind: 'waiting', paymentIntent: intent };
}

/** The refunds and disputes that came before this payment, in the order Stripe made them. */
async function applyWaiting(trx: Trx, projects: BillingProjects, intent: string, paid: Invoice, now: Date): Promise<CardEventResult> {
  const rows = await trx.selectFrom('stripeEvents').select(['payload']).where('waitingFor', '=', intent).execute();
  await trx.updateTable('stripeEvents').set({ waitingFor: null, payload: null }).where('waitingFor', '=', intent).execute();
  const waiting = rows
    .map((row) => readEnvelope(JSON.parse(row.payload ?? 'null')))
    .filter((envelope) => envelope !== null)
    .map(readCardEvent)
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  let invoice = paid;
  const mismatches: Mismatch[] = [];
  for (const event of waiting) {
    // Kept only once read as a refund or a dispute, so a waiting event is never malformed.
    if (event.kind === 'malformed') continue;
    const result = await applyCardEvent(trx, projects, event, '', now);
    if (result.kind === 'applied') invoice = result.invoice;
    if (result.kind === 'mismatch') mismatches.push(result.mismatch);
  }
  return { kind: 'applied', invoice, mismatches };
}
