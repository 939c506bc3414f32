import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav } from '#server/test-support/audio-files.ts';
import {
  createProjectsTestApp,
  PROJECT_INPUT,
  projectWithClient,
  uploadIntoProject,
  invoiceLine as line,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { binaryBody } from '#server/test-support/binary-body.ts';
import { startStripeServer, type StripeServer } from '#server/test-support/stripe-server.ts';

/*
 * Getting paid before the masters leave (issue 30): the owner invoices a project, the client pays
 * by card through Checkout (a local Stripe-compatible server here) or the owner records a transfer,
 * and the deliveries answer 402 while a sent invoice has a balance.
 */

describe.each(testDialects())('invoices and card payments on %s', (dialect) => {
  let stripe: StripeServer;
  let t: ProjectsTestApp;
  let listening: http.Server;
  let projectId: number;
  let client: string;
  let deliveryId: number;

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createProjectsTestApp(dialect, {
      env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: stripe.webhook.secret, STRIPE_API_BASE: stripe.url },
    });
    listening = http.createServer(t.app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    stripe.webhook.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/payments/stripe/webhook`;
    // Billed line by line (no price, so no plan): these invoices are the whole of what the masters wait for.
    const made = await projectWithClient(t, { clientEmail: 'payer@example.com', title: '=HYPERLINK("x") EP', price: null });
    projectId = made.project.id;
    client = made.client;
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, 'Final (master).wav', toneWav());
    const delivered = await t.asAdmin.post(`/api/admin/projects/${projectId}/deliveries`).send({ objectPath });
    expect(delivered.status).toBe(201);
    deliveryId = (await t.asClient(client).get(`/api/portal/projects/${projectId}`)).body.deliveries[0].id;
  });
  afterAll(async () => {
    await new Promise((resolve) => listening.close(resolve));
    await t.close();
    await stripe.close();
  });

  const invoicesOf = async () => (await t.asClient(client).get(`/api/portal/projects/${projectId}/invoices`)).body;
  const download = () => t.asClient(client).get(`/api/portal/projects/${projectId}/files/${deliveryId}/download`);
  const zip = () => t.asClient(client).get(`/api/portal/projects/${projectId}/deliveries.zip`);
  const mailed = async (subject: RegExp) => {
    await t.services.billing.billingEmails.idle();
    t.services.billing.billingEmails.sendSoon();
    await t.services.billing.billingEmails.idle();
    return t.mail.filter((mail) => mail.to === 'payer@example.com' && subject.test(mail.subject));
  };

  it('numbers 20 invoices made at once, each once, and works out totals in cents', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.asAdmin
          .post(`/api/admin/projects/${projectId}/invoices`)
          .send({ lines: [line('Stems', 1_999)], taxPercent: 8.25, discountCents: 99 }),
      ),
    );
    expect(made.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect(new Set(made.map((res) => res.body.number)).size).toBe(20);
    // 19.99 - 0.99 = 19.00; 8.25 % of it is 1.5675, so 1.57
    expect(made[0]!.body).toMatchObject({ state: 'draft', subtotalCents: 1_999, discountCents: 99, taxCents: 157, totalCents: 2_057 });
    for (const res of made) expect((await t.asAdmin.post(`/api/admin/invoices/${res.body.id}/void`).send({})).status).toBe(200);
  });

  it("plans the project's price as a deposit and a balance that add up to it", async () => {
    // A project of its own: its plan would hold this file's deliveries (decision 103).
    const planned = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, clientEmail: 'planned@example.com' });
    const plan = await t.asAdmin.post(`/api/admin/projects/${planned.body.id}/invoices/plan`).send({ depositPercent: 30 });
    expect(plan.status).toBe(201);
    expect(plan.body.map((invoice: { kind: string; totalCents: number }) => [invoice.kind, invoice.totalCents])).toEqual([
      ['deposit', 10_500],
      ['balance', 24_500],
    ]);
    for (const invoice of plan.body) await t.asAdmin.post(`/api/admin/invoices/${invoice.id}/void`).send({});
    const full = await t.asAdmin.post(`/api/admin/projects/${planned.body.id}/invoices/plan`).send({ depositPercent: 0 });
    expect(full.body.map((invoice: { kind: string; totalCents: number }) => [invoice.kind, invoice.totalCents])).toEqual([
      ['full', 35_000],
    ]);
    expect((await t.asAdmin.post(`/api/admin/projects/${planned.body.id}/invoices/plan`).send({ depositPercent: 101 })).status).toBe(400);
  });

  it('refuses bad invoices with 400 and field messages, and an unknown project with 404', async () => {
    const bad = await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix', 12.5)] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.lines).toBeDefined();
    expect((await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send('[]')).status).toBe(400);
    expect((await t.asAdmin.post('/api/admin/projects/999999/invoices').send({ lines: [line('Mix', 100)] })).status).toBe(404);
    expect((await t.request.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix', 100)] })).status).toBe(401);
  });

  let invoiceId: number;
  it('keeps drafts from the client; a sent invoice is e-mailed and locks the deliveries with 402', async () => {
    const created = await t.asAdmin
      .post(`/api/admin/projects/${projectId}/invoices`)
      .send({ lines: [line('Mix and master', 35_000)], kind: 'balance' });
    invoiceId = created.body.id;
    expect((await invoicesOf()).invoices.filter((invoice: { id: number }) => invoice.id === invoiceId)).toEqual([]);
    expect((await download()).status).toBe(200);

    const sent = await t.asAdmin.post(`/api/admin/invoices/${invoiceId}/send`);
    expect(sent.body).toMatchObject({ state: 'sent', amountDueCents: 35_000 });
    expect(await mailed(new RegExp(`Invoice ${created.body.number}`))).toHaveLength(1);
    const locked = await download();
    expect(locked.status).toBe(402);
    expect(locked.body).toMatchObject({ amountDueCents: 35_000 });
    expect(locked.body.message).toContain('$350.00');
    expect((await zip()).status).toBe(402);
    expect(await invoicesOf()).toMatchObject({ amountDueCents: 35_000, deliveriesLocked: true, cardPayments: true });
    // The owner's own downloads are never locked.
    expect((await t.asAdmin.get(`/api/admin/projects/${projectId}/files/${deliveryId}/download`)).status).toBe(200);
  });

  it('makes the PDF the client and the owner read: studio, number, total', async () => {
    const [owner, theirs] = await Promise.all([
      t.asAdmin
        .get(`/api/admin/invoices/${invoiceId}.pdf`)
        .buffer(true)
        .parse(binaryBody as never),
      t
        .asClient(client)
        .get(`/api/portal/invoices/${invoiceId}.pdf`)
        .buffer(true)
        .parse(binaryBody as never),
    ]);
    expect(owner.status).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(theirs.body as Buffer), { mergePages: true });
    const number = (await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body.number as string;
    expect(text).toContain('ATL Audio Mastering');
    expect(text).toContain(number);
    expect(text).toContain('$350.00');
  });

  it('pays by card: the server sets the amount, the signed webhook records it once, the files open', async () => {
    const checkout = await t.asClient(client).post(`/api/portal/invoices/${invoiceId}/checkout`).send({ amountCents: 1 });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const call = stripe.calls.at(-1)!;
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('35000');
    expect(call.form.get('metadata[invoiceId]')).toBe(String(invoiceId));
    expect(call.idempotencyKey).toBe(`invoice-${invoiceId}-due-35000`);

    const sessionId = checkout.body.url.split('/pay/')[1] as string;
    const paid = await stripe.pay(sessionId);
    expect(paid.status).toBe(200);
    // Stripe delivers an event again when it is unsure the first arrived: applied once.
    const session = paid.event.data.object as unknown as Record<string, unknown>;
    expect((await stripe.deliver('checkout.session.completed', session, { id: paid.event.id })).status).toBe(200);
    expect((await stripe.deliver('checkout.session.completed', session)).status).toBe(200);
    const invoice = (await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body;
    expect(invoice).toMatchObject({ state: 'paid', paidCents: 35_000, amountDueCents: 0 });
    expect(invoice.payments).toHaveLength(1);
    expect((await download()).status).toBe(200);
    expect((await zip()).status).toBe(200);
    expect(await mailed(/^Paid: invoice/)).toHaveLength(1);
    expect(await mailed(/^Your files are ready/)).toHaveLength(1);
  });

  it('refuses a webhook whose signature does not match, and changes nothing', async () => {
    const before = (await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body.paidCents;
    const forged = await stripe.deliver(
      'charge.refunded',
      { id: 'ch_x', object: 'charge', payment_intent: 'pi_x', amount_refunded: 35_000 },
      { badSignature: true },
    );
    expect(forged.status).toBe(400);
    const unsigned = await t.request.post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').send('{"id":"evt_1"}');
    expect(unsigned.status).toBe(400);
    expect((await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body.paidCents).toBe(before);
  });

  it('records a refund as a refund: the invoice stays paid with what went back, and the files stay open', async () => {
    const intent = (await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body.payments[0].reference as string;
    const refunded = await stripe.deliver('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 5_000,
      currency: 'usd',
    });
    expect(refunded.status).toBe(200);
    expect((await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body).toMatchObject({
      state: 'paid',
      paidCents: 35_000,
      refundedCents: 5_000,
      amountDueCents: 0,
      refundLocksDelivery: false,
    });
    // The owner did not choose to lock again (a card refund starts at no).
    expect((await download()).status).toBe(200);
    // The running total grows with a second refund of the same charge: only the new part counts.
    await stripe.deliver('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 7_500,
      currency: 'usd',
    });
    expect((await t.asAdmin.get(`/api/admin/invoices/${invoiceId}`)).body).toMatchObject({ paidCents: 35_000, refundedCents: 7_500 });
  });

  it('records a bank transfer by hand, and the owner may unlock a trusted client', async () => {
    // The paid invoice (part of it refunded) asks for nothing more: a payment on it is refused.
    expect((await t.asAdmin.post(`/api/admin/invoices/${invoiceId}/payments`).send({ amountCents: 100, method: 'cash' })).status).toBe(409);
    const rush = await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Rush', 7_500)] });
    await t.asAdmin.post(`/api/admin/invoices/${rush.body.id}/send`);
    expect((await download()).status).toBe(402);
    const over = await t.asAdmin
      .post(`/api/admin/invoices/${rush.body.id}/payments`)
      .send({ amountCents: 999_999, method: 'bank_transfer' });
    expect(over.status).toBe(400);
    const card = await t.asAdmin.post(`/api/admin/invoices/${rush.body.id}/payments`).send({ amountCents: 100, method: 'card' });
    expect(card.status).toBe(400);
    const paid = await t.asAdmin
      .post(`/api/admin/invoices/${rush.body.id}/payments`)
      .send({ amountCents: 7_500, method: 'bank_transfer', reference: 'TX 9' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ state: 'paid', amountDueCents: 0 });
    expect((await download()).status).toBe(200);

    const next = await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Rush', 5_000)] });
    await t.asAdmin.post(`/api/admin/invoices/${next.body.id}/send`);
    expect((await download()).status).toBe(402);
    const unlocked = await t.asAdmin.patch(`/api/admin/projects/${projectId}`).send({ deliveryLocked: false });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.deliveryLocked).toBe(false);
    expect((await download()).status).toBe(200);
    expect((await t.asAdmin.patch(`/api/admin/projects/${projectId}`).send({ deliveryLocked: 'no' })).status).toBe(400);
  });

  it("answers another client's invoice and drafts with 404", async () => {
    const other = await projectWithClient(t, { clientEmail: 'someone-else@example.com' });
    expect((await t.asClient(other.client).get(`/api/portal/invoices/${invoiceId}.pdf`)).status).toBe(404);
    expect((await t.asClient(other.client).post(`/api/portal/invoices/${invoiceId}/checkout`)).status).toBe(404);
    expect((await t.asClient(other.client).get(`/api/portal/projects/${projectId}/invoices`)).status).toBe(404);
    const draft = await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Later', 100)] });
    expect((await t.asClient(client).get(`/api/portal/invoices/${draft.body.id}.pdf`)).status).toBe(404);
  });

  it('exports every invoice as CSV with formula cells escaped', async () => {
    const csv = await t.asAdmin.get('/api/admin/invoices/export');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"") EP"`);
    expect(csv.text).toContain(',paid,USD,350.00,');
    const summary = await t.asAdmin.get('/api/admin/invoices/summary');
    expect(summary.body).toMatchObject({ currency: 'USD', outstandingCents: 5_000 });
  });

  it('lists invoices with the project and client each belongs to, for the Money view', async () => {
    const listed = await t.asAdmin.get('/api/admin/invoices?state=paid');
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body[0]).toMatchObject({ state: 'paid', projectId, projectTitle: '=HYPERLINK("x") EP', clientName: expect.any(String) });
    expect(listed.body[0].clientName.length).toBeGreaterThan(0);
  });
});

describe('without Stripe configured', () => {
  it('answers checkout with 503 and a clear message, and the webhook with 404', async () => {
    const t = await createProjectsTestApp('sqlite');
    try {
      const { project, client } = await projectWithClient(t);
      const created = await t.asAdmin.post(`/api/admin/projects/${project.id}/invoices`).send({ lines: [line('Mix', 10_000)] });
      await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/send`);
      const checkout = await t.asClient(client).post(`/api/portal/invoices/${created.body.id}/checkout`);
      expect(checkout.status).toBe(503);
      expect(checkout.body.message).toContain('Card payments are not set up');
      expect((await t.asClient(client).get(`/api/portal/projects/${project.id}/invoices`)).body.cardPayments).toBe(false);
      expect((await t.request.post('/api/payments/stripe/webhook').send('{}')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
