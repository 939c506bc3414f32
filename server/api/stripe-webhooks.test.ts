import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectsTestApp, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';
import { startStripeServer, type StripeServer } from '#server/test-support/stripe-server.ts';

/*
 * Signed Stripe events that are not what the server asked for (the attack run of the security
 * round): another currency or amount, an invoice id written oddly, a session this site did not
 * make, a time ten years ahead, a refund or dispute before its payment. Each ends with the paid and
 * owed amounts right: nothing recorded for what does not match, and a refund or dispute that came
 * first applied with its payment.
 */

const TOTAL = 10_000;
const TEN_YEARS = 10 * 365 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(testDialects())('Stripe webhook events on %s', (dialect) => {
  let stripe: StripeServer;
  let t: ProjectsTestApp;
  let listening: http.Server;
  let projectId: number;
  let client: string;
  const logs = captureLogs();

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createProjectsTestApp(dialect, {
      logger: logs.logger,
      env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: stripe.webhook.secret, STRIPE_API_BASE: stripe.url },
    });
    listening = http.createServer(t.app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    stripe.webhook.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/payments/stripe/webhook`;
    ({
      project: { id: projectId },
      client,
    } = await projectWithClient(t, { clientEmail: 'webhooks@example.com' }));
  });
  afterAll(async () => {
    await new Promise((resolve) => listening.close(resolve));
    await t.close();
    await stripe.close();
  });

  /** A sent invoice of USD 100.00 and the Checkout Session its client opened: what the server asked for. */
  async function invoiceInCheckout() {
    const created = await t.asAdmin
      .post(`/api/admin/projects/${projectId}/invoices`)
      .send({ lines: [{ description: 'Mix', amountCents: TOTAL }] });
    const invoiceId = created.body.id as number;
    expect((await t.asAdmin.post(`/api/admin/invoices/${invoiceId}/send`)).status).toBe(200);
    const checkout = await t.asClient(client).post(`/api/portal/invoices/${invoiceId}/checkout`);
    expect(checkout.status).toBe(200);
    const sessionId = (checkout.body.url as string).split('/pay/')[1]!;
    const session = stripe.paidSession(sessionId);
    return { invoiceId, sessionId, session, intent: session.payment_intent as string };
  }

  const money = async (invoiceId: number) => {
    const { state, paidCents, refundedCents, disputedCents, amountDueCents, payments } = (
      await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)
    ).body;
    return { state, paidCents, refundedCents, disputedCents, amountDueCents, payments: payments.length as number };
  };
  const UNPAID = { state: 'sent', paidCents: 0, refundedCents: 0, disputedCents: 0, amountDueCents: TOTAL, payments: 0 };
  const PAID = { state: 'paid', paidCents: TOTAL, refundedCents: 0, disputedCents: 0, amountDueCents: 0, payments: 1 };
  const completed = (session: Record<string, unknown>, changes: Record<string, unknown> = {}) =>
    stripe.deliver('checkout.session.completed', { ...session, ...changes });
  const warnings = () => logs.lines.filter((line) => line.level === 40).map((line) => String(line.msg));

  it('records nothing for a payment in another currency (JPY 10,000 is not USD 100.00), then the real one once', async () => {
    const { invoiceId, sessionId, session } = await invoiceInCheckout();
    const before = warnings().length;
    expect((await completed(session, { currency: 'jpy' })).status).toBe(200);
    expect(await money(invoiceId)).toEqual(UNPAID);
    expect(warnings().slice(before)).toEqual(['card event not recorded: the session did not pay what was asked']);
    expect((await stripe.pay(sessionId)).status).toBe(200);
    expect(await money(invoiceId)).toEqual(PAID);
  });

  it('records nothing for 1 cent, ten times the amount, 12.5 cents or a negative amount', async () => {
    const { invoiceId, sessionId, session } = await invoiceInCheckout();
    for (const amount_total of [1, TOTAL * 10, 12.5, -TOTAL, 2 ** 31, '10000']) {
      expect((await completed(session, { amount_total })).status, String(amount_total)).toBe(200);
      expect(await money(invoiceId), String(amount_total)).toEqual(UNPAID);
    }
    await stripe.pay(sessionId);
    expect(await money(invoiceId)).toEqual(PAID);
  });

  it('reads the invoice id strictly: 0x5, " 5", 5e0, 05, +5, 5.0 and 2^31 name no invoice', async () => {
    const { invoiceId, sessionId, session } = await invoiceInCheckout();
    const odd = [`0x${invoiceId.toString(16)}`, ` ${invoiceId}`, `${invoiceId}e0`, `0${invoiceId}`, `+${invoiceId}`, `${invoiceId}.0`];
    for (const named of [...odd, String(2 ** 31), '99999999999999999999', '-1', '']) {
      const metadata = { ...(session.metadata as object), invoiceId: named };
      expect((await completed(session, { metadata, client_reference_id: String(invoiceId) })).status, named).toBe(200);
      expect(await money(invoiceId), named).toEqual(UNPAID);
    }
    await stripe.pay(sessionId);
    expect(await money(invoiceId)).toEqual(PAID);
  });

  it('records nothing for a session this site did not make, even naming a real invoice and its amount', async () => {
    const { invoiceId, session } = await invoiceInCheckout();
    expect((await completed(session, { id: 'cs_test_forged', payment_intent: 'pi_test_forged' })).status).toBe(200);
    // Another invoice's session for the same amount does not pay this one either.
    const other = await invoiceInCheckout();
    expect((await completed(other.session, { metadata: { invoiceId: String(invoiceId) } })).status).toBe(200);
    expect(await money(invoiceId)).toEqual(UNPAID);
    expect(await money(other.invoiceId)).toEqual(UNPAID);
  });

  it('refuses events dated ten years ahead (400) and keeps nothing of them: the same event in time is applied', async () => {
    const { invoiceId, session } = await invoiceInCheckout();
    const ahead = nowSeconds() + TEN_YEARS;
    const id = 'evt_test_future';
    expect((await stripe.deliver('checkout.session.completed', session, { id, created: ahead })).status).toBe(400);
    expect((await stripe.deliver('checkout.session.completed', session, { id, signedAt: ahead })).status).toBe(400);
    expect(await money(invoiceId)).toEqual(UNPAID);
    expect((await stripe.deliver('checkout.session.completed', session, { id })).status).toBe(200);
    expect(await money(invoiceId)).toEqual(PAID);
  });

  it('keeps refunds that arrive before their payment, and applies them with it in the order Stripe made them', async () => {
    const { invoiceId, sessionId, intent } = await invoiceInCheckout();
    const charge = { id: 'ch_test_early', object: 'charge', payment_intent: intent, currency: 'usd' };
    // Two refunds of the charge (running totals 25.00, then 40.00), delivered late and in reverse.
    const first = () =>
      stripe.deliver('charge.refunded', { ...charge, amount_refunded: 2_500 }, { id: 'evt_test_first', created: nowSeconds() - 20 });
    const second = () =>
      stripe.deliver('charge.refunded', { ...charge, amount_refunded: 4_000 }, { id: 'evt_test_second', created: nowSeconds() - 10 });
    expect((await second()).status).toBe(200);
    expect((await first()).status).toBe(200);
    expect((await first()).status).toBe(200);
    expect(await money(invoiceId)).toEqual(UNPAID);
    expect((await stripe.pay(sessionId)).status).toBe(200);
    // A refund is money given back, never money owed again: still paid, $40.00 refunded.
    const refunded = { ...PAID, refundedCents: 4_000, payments: 3 };
    expect(await money(invoiceId)).toEqual(refunded);
    // Applied once: their repeats change nothing.
    expect([(await first()).status, (await second()).status]).toEqual([200, 200]);
    expect(await money(invoiceId)).toEqual(refunded);
  });

  it('keeps a dispute that arrives before its payment; the payment and the dispute won end paid', async () => {
    const { invoiceId, sessionId, intent } = await invoiceInCheckout();
    const dispute = (type: string, status: string) =>
      stripe.deliver(type, { id: 'dp_test_early', object: 'dispute', payment_intent: intent, amount: TOTAL, currency: 'usd', status });
    expect((await dispute('charge.dispute.created', 'needs_response')).status).toBe(200);
    expect(await money(invoiceId)).toEqual(UNPAID);
    await stripe.pay(sessionId);
    expect(await money(invoiceId)).toEqual({ ...PAID, disputedCents: TOTAL, payments: 2 });
    expect((await dispute('charge.dispute.closed', 'won')).status).toBe(200);
    expect(await money(invoiceId)).toEqual({ ...PAID, payments: 3 });
  });

  it('records nothing for a refund or dispute in another currency or for more than was paid', async () => {
    const { invoiceId, sessionId, intent } = await invoiceInCheckout();
    await stripe.pay(sessionId);
    const charge = { id: 'ch_test_odd', object: 'charge', payment_intent: intent };
    for (const [amount_refunded, currency] of [
      [TOTAL, 'jpy'],
      [TOTAL * 10, 'usd'],
      [12.5, 'usd'],
    ] as const) {
      expect((await stripe.deliver('charge.refunded', { ...charge, amount_refunded, currency })).status).toBe(200);
    }
    const dispute = { id: 'dp_test_odd', object: 'dispute', payment_intent: intent, status: 'needs_response' };
    expect((await stripe.deliver('charge.dispute.created', { ...dispute, amount: TOTAL * 10, currency: 'usd' })).status).toBe(200);
    expect((await stripe.deliver('charge.dispute.created', { ...dispute, amount: TOTAL, currency: 'eur' })).status).toBe(200);
    expect(await money(invoiceId)).toEqual(PAID);
  });

  it('a refund delivered with its payment, at the same moment, is applied once the payment is', async () => {
    const { invoiceId, sessionId, intent } = await invoiceInCheckout();
    const [paid, refunded] = await Promise.all([
      stripe.pay(sessionId),
      stripe.deliver('charge.refunded', {
        id: 'ch_test_race',
        object: 'charge',
        payment_intent: intent,
        amount_refunded: 1_000,
        currency: 'usd',
      }),
    ]);
    expect([paid.status, refunded.status]).toEqual([200, 200]);
    expect(await money(invoiceId)).toEqual({ ...PAID, refundedCents: 1_000, payments: 2 });
  });
});
