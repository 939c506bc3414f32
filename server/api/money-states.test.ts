import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#server/email/mailer.ts';
import { toneWav } from '#server/test-support/audio-files.ts';
import { mimeShape, parseMime } from '#server/test-support/mime-parts.ts';
import {
  createProjectsTestApp,
  followSignInLink,
  PROJECT_INPUT,
  projectWithClient,
  signInLinkFor,
  uploadIntoProject,
  invoiceLine as line,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { startStripeServer, type StripeServer } from '#server/test-support/stripe-server.ts';

/*
 * Money that means what it says (issue 40, decision 104): a refund is a refund (never "due" again),
 * a dispute locks the masters until it is won, the studio hears of each payment, refund and dispute
 * once, the invoice e-mail carries its PDF and a sign-in link (and gives a never-invited client
 * access), and a Checkout outage answers 503 with the transfer instructions.
 */

const STUDIO_NOTICE = /^(Payment received|Refund recorded|Card dispute)/;

describe.each(testDialects())('refunds, disputes and the studio notices on %s', (dialect) => {
  let stripe: StripeServer;
  let t: ProjectsTestApp;
  let listening: http.Server;
  let counter = 0;

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createProjectsTestApp(dialect, {
      env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: stripe.webhook.secret, STRIPE_API_BASE: stripe.url },
    });
    listening = http.createServer(t.app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    stripe.webhook.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listening.close(resolve));
    await t.close();
    await stripe.close();
  });

  /** A project of its own with an invited, signed-in client and one delivered master, billed line by line (no price, no plan). */
  async function projectWithMaster() {
    counter += 1;
    const { project, client } = await projectWithClient(t, { clientEmail: `money-${counter}@example.com`, price: null });
    const objectPath = await uploadIntoProject(t, t.asAdmin, project.id, 'Master.wav', toneWav());
    expect((await t.asAdmin.post(`/api/admin/projects/${project.id}/deliveries`).send({ objectPath })).status).toBe(201);
    const deliveryId = (await t.asClient(client).get(`/api/portal/projects/${project.id}`)).body.deliveries[0].id as number;
    const download = async () => (await t.asClient(client).get(`/api/portal/projects/${project.id}/files/${deliveryId}/download`)).status;
    return { projectId: project.id, client, download };
  }

  async function sentInvoice(projectId: number, cents: number, extra: Record<string, unknown> = {}) {
    const created = await t.asAdmin
      .post(`/api/admin/projects/${projectId}/invoices`)
      .send({ lines: [line('Mix and master', cents)], ...extra });
    expect(created.status).toBe(201);
    expect((await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/send`)).status).toBe(200);
    return created.body as { id: number; number: string; totalCents: number };
  }

  async function paidByCard(projectId: number, client: string, cents: number) {
    const invoice = await sentInvoice(projectId, cents);
    const checkout = await t.asClient(client).post(`/api/portal/invoices/${invoice.id}/checkout`);
    expect(checkout.status).toBe(200);
    const paid = await stripe.pay((checkout.body.url as string).split('/pay/')[1]!);
    expect(paid.status).toBe(200);
    const intent = (paid.event.data.object as unknown as { payment_intent: string }).payment_intent;
    return { invoice, intent };
  }

  const invoice = async (id: number) => (await t.asAdmin.get(`/api/admin/invoices/${id}`)).body;
  const summary = async () => (await t.asAdmin.get('/api/admin/invoices/summary')).body;
  /** The studio's money notices about one invoice, once every queued e-mail went out. */
  async function noticesOf(number: string) {
    await t.services.billing.billingEmails.idle();
    t.services.billing.billingEmails.sendSoon();
    await t.services.billing.billingEmails.idle();
    return t.mail
      .filter((mail) => STUDIO_NOTICE.test(mail.subject) && mail.subject.includes(number))
      .map((mail) => mail.subject.split(':')[0]);
  }

  it('taxes 8.875 % to the cent and records a partial refund by hand as "paid, $100 refunded", owing nothing', async () => {
    const { projectId, download } = await projectWithMaster();
    // 567.20 * 8.875 % = 50.339: 50.34, total 617.54
    const sent = await sentInvoice(projectId, 56_720, { taxPercent: 8.875 });
    expect(sent).toMatchObject({ totalCents: 61_754 });
    expect((await invoice(sent.id)).taxPercent).toBe(8.875);
    const before = await summary();
    expect(
      (await t.asAdmin.post(`/api/admin/invoices/${sent.id}/payments`).send({ amountCents: 61_754, method: 'bank_transfer' })).status,
    ).toBe(201);
    const refunded = await t.asAdmin
      .post(`/api/admin/invoices/${sent.id}/refunds`)
      .send({ amountCents: 10_000, method: 'bank_transfer', reference: 'Goodwill' });
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({
      state: 'paid',
      paidCents: 61_754,
      refundedCents: 10_000,
      amountDueCents: 0,
      refundLocksDelivery: false,
    });
    expect(refunded.body.payments.map((payment: { kind: string }) => payment.kind)).toEqual(['payment', 'refund']);
    expect(await download()).toBe(200);
    const after = await summary();
    expect(after.outstandingCents).toBe(before.outstandingCents - 61_754);
    expect(after.refundedThisMonthCents).toBe(before.refundedThisMonthCents + 10_000);
    // No more than was kept can go back; the refund is refused whole.
    const over = await t.asAdmin.post(`/api/admin/invoices/${sent.id}/refunds`).send({ amountCents: 60_000, method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.errors.amountCents[0]).toContain('$517.54');
    expect(await noticesOf(sent.number)).toEqual(['Payment received', 'Refund recorded']);
    // The queue is drained: a second pass sends nothing new.
    expect(await noticesOf(sent.number)).toHaveLength(2);
  });

  it('a full refund is "refunded", never due; the owner may lock the masters again, and unlock them', async () => {
    const { projectId, download } = await projectWithMaster();
    const sent = await sentInvoice(projectId, 20_000, { dueDate: '2099-01-10' });
    await t.asAdmin.post(`/api/admin/invoices/${sent.id}/payments`).send({ amountCents: 20_000, method: 'cash' });
    const back = await t.asAdmin
      .post(`/api/admin/invoices/${sent.id}/refunds`)
      .send({ amountCents: 20_000, method: 'cash', relockDelivery: true });
    expect(back.body).toMatchObject({ state: 'refunded', amountDueCents: 0, refundedCents: 20_000, refundLocksDelivery: true });
    expect(await download()).toBe(402);
    expect((await t.asAdmin.get('/api/admin/invoices?state=refunded')).body.map((row: { id: number }) => row.id)).toContain(sent.id);
    expect((await t.asAdmin.get('/api/admin/invoices?state=sent')).body.map((row: { id: number }) => row.id)).not.toContain(sent.id);
    const open = await t.asAdmin.put(`/api/admin/invoices/${sent.id}/refund-lock`).send({ relockDelivery: false });
    expect(open.body.refundLocksDelivery).toBe(false);
    expect(await download()).toBe(200);
    expect((await t.asAdmin.put(`/api/admin/invoices/${sent.id}/refund-lock`).send({ relockDelivery: 'yes' })).status).toBe(400);
    // Its reminders come up and are dropped: nothing true to remind of.
    const { sendDueBillingEmails } = await import('#server/billing/billing-emails.ts');
    const reminded: string[] = [];
    const deps = {
      ...t.services,
      mailer: { destination: 'memory', close() {}, send: async (mail: { subject: string }) => void reminded.push(mail.subject) },
      publicUrl: 'http://localhost',
      projects: t.services.projects.projectsForBilling,
      pdf: async () => Buffer.alloc(0),
    };
    await sendDueBillingEmails(deps, new Date('2099-02-01T12:00:00Z'));
    expect(reminded.filter((subject) => subject.includes(sent.number))).toEqual([]);
  });

  it('a card refund does not lock again by default; the choice is changeable on the invoice', async () => {
    const { projectId, client, download } = await projectWithMaster();
    const { invoice: paid, intent } = await paidByCard(projectId, client, 30_000);
    const charge = { id: `ch_${paid.id}`, object: 'charge', payment_intent: intent, amount_refunded: 30_000, currency: 'usd' };
    expect((await stripe.deliver('charge.refunded', charge)).status).toBe(200);
    expect(await invoice(paid.id)).toMatchObject({ state: 'refunded', amountDueCents: 0, refundLocksDelivery: false });
    expect(await download()).toBe(200);
    await t.asAdmin.put(`/api/admin/invoices/${paid.id}/refund-lock`).send({ relockDelivery: true });
    expect(await download()).toBe(402);
    expect(await noticesOf(paid.number)).toEqual(['Payment received', 'Refund recorded']);
  });

  it('a dispute locks the masters until it is won; repeats change nothing; the studio hears once of each step', async () => {
    const { projectId, client, download } = await projectWithMaster();
    const { invoice: paid, intent } = await paidByCard(projectId, client, 25_000);
    const dispute = { id: `dp_won_${paid.id}`, object: 'dispute', payment_intent: intent, amount: 25_000, currency: 'usd' };
    const before = await summary();
    const opened = await stripe.deliver('charge.dispute.created', { ...dispute, status: 'needs_response' });
    expect(opened.status).toBe(200);
    // Replayed as Stripe does (the same event id), and the same dispute under a new event id.
    await stripe.deliver('charge.dispute.created', { ...dispute, status: 'needs_response' }, { id: opened.event.id });
    await stripe.deliver('charge.dispute.created', { ...dispute, status: 'needs_response' });
    expect(await invoice(paid.id)).toMatchObject({
      state: 'paid',
      amountDueCents: 0,
      disputedCents: 25_000,
      disputes: [{ state: 'open' }],
    });
    const locked = await t.asClient(client).get(`/api/portal/projects/${projectId}/deliveries.zip`);
    expect(locked.status).toBe(402);
    expect(await download()).toBe(402);
    expect((await summary()).openDisputes).toEqual({ count: before.openDisputes.count + 1, cents: before.openDisputes.cents + 25_000 });
    expect((await t.asAdmin.get('/api/admin/invoices?state=disputed')).body.map((row: { id: number }) => row.id)).toContain(paid.id);

    expect((await stripe.deliver('charge.dispute.closed', { ...dispute, status: 'won' })).status).toBe(200);
    await stripe.deliver('charge.dispute.closed', { ...dispute, status: 'won' });
    expect(await invoice(paid.id)).toMatchObject({ state: 'paid', disputedCents: 0, disputes: [{ state: 'won' }] });
    expect((await invoice(paid.id)).payments).toHaveLength(3);
    expect(await download()).toBe(200);
    expect(await noticesOf(paid.number)).toEqual(['Payment received', 'Card dispute opened', 'Card dispute won']);
  });

  it('a lost dispute stays locked and shows as lost', async () => {
    const { projectId, client, download } = await projectWithMaster();
    const { invoice: paid, intent } = await paidByCard(projectId, client, 12_000);
    const dispute = { id: `dp_lost_${paid.id}`, object: 'dispute', payment_intent: intent, amount: 12_000, currency: 'usd' };
    const before = await summary();
    await stripe.deliver('charge.dispute.created', { ...dispute, status: 'needs_response' });
    await stripe.deliver('charge.dispute.closed', { ...dispute, status: 'lost' });
    expect(await invoice(paid.id)).toMatchObject({ disputedCents: 12_000, disputes: [{ state: 'lost' }] });
    expect(await download()).toBe(402);
    expect((await summary()).lostDisputesCents).toBe(before.lostDisputesCents + 12_000);
    expect(await noticesOf(paid.number)).toEqual(['Payment received', 'Card dispute opened', 'Card dispute lost']);
  });

  it('a dispute closed before its opening arrives is recorded closed once; the late opening changes nothing', async () => {
    const { projectId, client, download } = await projectWithMaster();
    const { invoice: paid, intent } = await paidByCard(projectId, client, 9_000);
    const dispute = { id: `dp_late_${paid.id}`, object: 'dispute', payment_intent: intent, amount: 9_000, currency: 'usd' };
    const now = Math.floor(Date.now() / 1000);
    await stripe.deliver('charge.dispute.closed', { ...dispute, status: 'lost' }, { created: now });
    await stripe.deliver('charge.dispute.created', { ...dispute, status: 'needs_response' }, { created: now - 60 });
    const after = await invoice(paid.id);
    expect(after).toMatchObject({ disputedCents: 9_000, disputes: [{ state: 'lost' }] });
    expect(after.payments.map((payment: { kind: string }) => payment.kind)).toEqual(['payment', 'dispute']);
    expect(await download()).toBe(402);
    expect(await noticesOf(paid.number)).toEqual(['Payment received', 'Card dispute lost']);
  });

  it('answers a Checkout outage with 503 and the transfer instructions, never a 500', async () => {
    const { projectId, client } = await projectWithMaster();
    const billing = (await t.services.site.siteContent.current()).billing;
    const instructions = 'Bank transfer to IBAN DE89 3704 0044 0532 0130 00, with the invoice number as reference.';
    const { version } = (await t.asAdmin.get('/api/admin/site')).body.billing as { version: number };
    const saved = await t.asAdmin.put('/api/admin/site/billing').send({ ...billing, paymentInstructions: instructions, version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sent = await sentInvoice(projectId, 15_000);
    stripe.outage.checkouts = true;
    try {
      const checkout = await t.asClient(client).post(`/api/portal/invoices/${sent.id}/checkout`);
      expect(checkout.status).toBe(503);
      expect(checkout.body).toMatchObject({ paymentInstructions: instructions, amountDueCents: 15_000 });
      expect(checkout.body.message).toContain('$150.00');
      expect(checkout.body.message).toContain(instructions);
    } finally {
      stripe.outage.checkouts = false;
    }
    expect((await t.asClient(client).post(`/api/portal/invoices/${sent.id}/checkout`)).status).toBe(200);
  });

  it('gives a never-invited client access from the invoice e-mail, which carries its PDF as multipart/mixed', async () => {
    const email = `uninvited-${dialect}@example.com`;
    const created = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, clientEmail: email });
    const projectId = created.body.id as number;
    expect(created.body.invitedAt).toBeNull();
    const sent = await sentInvoice(projectId, 40_000);
    await t.services.billing.billingEmails.idle();
    t.services.billing.billingEmails.sendSoon();
    await t.services.billing.billingEmails.idle();
    await t.services.projects.projectEmails.idle();
    const theirs = t.mail.filter((mail) => mail.to === email);
    // One e-mail, the invoice: no separate invitation.
    expect(theirs.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Invoice ${sent.number}`)]);
    const client = await followSignInLink(t, signInLinkFor(t.mail, email));
    const money = await t.asClient(client).get(`/api/portal/projects/${projectId}/invoices`);
    expect(money.status).toBe(200);
    expect(money.body.amountDueCents).toBe(40_000);

    // The message as the mailer writes it to the outbox, read back part by part.
    const outbox = await mkdtemp(path.join(os.tmpdir(), 'invoice-mail-'));
    try {
      const mailer = createMailer({ from: 'Studio <studio@example.com>', outboxDir: outbox, logger: pino({ level: 'silent' }) });
      await mailer.send(theirs[0]!);
      mailer.close();
      const eml = (await readdir(outbox)).find((name) => name.endsWith('.eml'))!;
      const message = parseMime(await readFile(path.join(outbox, eml), 'utf8'));
      expect(mimeShape(message)).toBe('multipart/mixed(multipart/alternative(text/plain,text/html),application/pdf)');
      const pdf = message.parts[1]!;
      expect(pdf.headers.get('content-disposition')).toContain(`${sent.number}.pdf`);
      const { text } = await extractText(new Uint8Array(pdf.body), { mergePages: true });
      expect(text).toContain(sent.number);
      expect(text).toContain('$400.00');
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });
});
