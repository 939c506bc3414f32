import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoalSummary, InsightSummary } from '#common/insights.ts';
import { addCalendarDays } from '#common/calendar-date.ts';
import { openBookingDays, bookingBody, postBooking, studioClock } from '#server/test-support/booking-fixture.ts';
import { parseCsv } from '#server/test-support/parse-csv.ts';
import { createProjectsTestApp, invoiceLine, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { startStripeServer, type StripeServer } from '#server/test-support/stripe-server.ts';

/*
 * Goals, the funnel and the CSV export over HTTP (issue 45, decision 113): a visitor's contact form
 * counts once, credited to the source, campaign and landing page of their visit; spam counts nothing;
 * a payment the owner records counts without a visit; each view exports as CSV a spreadsheet opens
 * as text.
 */

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BROWSER = { 'User-Agent': CHROME, 'Sec-Fetch-Dest': 'document', Accept: 'text/html' };
const MESSAGE = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please master my new single, due in May.' };

describe.each(testDialects())('goals and the funnel on %s', (dialect) => {
  let t: ProjectsTestApp;
  let stripe: StripeServer;
  let listening: http.Server;
  const flush = () => t.services.insights.events.flush();
  const today = () => new Date().toISOString().slice(0, 10);
  const summary = async () => (await t.asAdmin.get(`/api/admin/insights?from=${today()}&to=${today()}`).expect(200)).body as InsightSummary;
  const goal = (body: InsightSummary, kind: GoalSummary['kind']) => body.goals.find((entry) => entry.kind === kind)!;
  const csv = async (view: string) => {
    const response = await t.asAdmin.get(`/api/admin/insights.csv?view=${view}&from=${today()}&to=${today()}`).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="insights-${view}-${today()}-to-${today()}.csv"`);
    return parseCsv(response.text.replace(/^\uFEFF/, ''));
  };

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createProjectsTestApp(dialect, {
      pages,
      env: {
        TRUST_PROXY: 'loopback',
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_WEBHOOK_SECRET: stripe.webhook.secret,
        STRIPE_API_BASE: stripe.url,
      },
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
  beforeEach(async () => {
    await flush();
    await t.services.db.deleteFrom('insightEvents').execute();
    await t.services.db.deleteFrom('insightDaily').execute();
    await t.services.db.deleteFrom('insightRollups').execute();
  });

  it('counts a visitor’s contact form once, with the search engine, campaign and landing page of the visit', async () => {
    await t.request
      .get('/?utm_campaign=spring-ep')
      .set({ ...BROWSER, Referer: 'https://www.google.com/' })
      .expect(200);
    await t.request
      .get('/')
      .set({ ...BROWSER, Referer: `${ORIGIN}/` })
      .expect(200);
    // Typed in again later: still the search's visit.
    await t.request.get('/').set(BROWSER).expect(200);
    await t.request
      .post('/api/contact')
      .set({ 'User-Agent': CHROME, Origin: ORIGIN, Referer: `${ORIGIN}/contact` })
      .send(MESSAGE)
      .expect(201);
    // Spam is answered like a message but reaches no goal.
    await t.request
      .post('/api/contact')
      .set({ 'User-Agent': CHROME, Origin: ORIGIN })
      .send({ ...MESSAGE, url_confirm: 'https://spam.example' })
      .expect(201);
    await flush();

    const body = await summary();
    expect(goal(body, 'contact_sent')).toEqual({
      kind: 'contact_sent',
      count: 1,
      fromVisits: 1,
      sources: [{ value: 'search', views: 1, visitors: 1 }],
      campaigns: [{ value: 'spring-ep', views: 1, visitors: 1 }],
      landings: [{ value: '/', views: 1, visitors: 1 }],
    });
    expect(goal(body, 'consultation_booked').count).toBe(0);
    // Two pages make the visit engaged; the message takes it to the enquiry.
    expect(body.funnel).toEqual([
      { stage: 'visitors', visitors: 1 },
      { stage: 'engaged', visitors: 1 },
      { stage: 'enquired', visitors: 1 },
      { stage: 'proposed', visitors: 0 },
      { stage: 'accepted', visitors: 0 },
      { stage: 'paid', visitors: 0 },
    ]);
    // The same numbers once the day is rolled up.
    expect(await t.services.insights.tidy(new Date(Date.now() + 86_400_000))).toEqual([today()]);
    expect(await summary()).toEqual(body);
  });

  it('counts a payment the owner records, and one by card, as goals of no visit, and a bot’s message not at all', async () => {
    const { project, client } = await projectWithClient(t);
    const created = await t.asAdmin.post(`/api/admin/projects/${project.id}/invoices`).send({ lines: [invoiceLine('Mastering', 20_000)] });
    expect(created.status).toBe(201);
    expect((await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/send`)).status).toBe(200);
    expect(
      (await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/payments`).send({ amountCents: 20_000, method: 'cash' })).status,
    ).toBe(201);
    // By card: Stripe's webhook records it, with no visitor behind the request.
    const card = await t.asAdmin.post(`/api/admin/projects/${project.id}/invoices`).send({ lines: [invoiceLine('Mixing', 15_000)] });
    expect((await t.asAdmin.post(`/api/admin/invoices/${card.body.id}/send`)).status).toBe(200);
    const checkout = await t.asClient(client).post(`/api/portal/invoices/${card.body.id}/checkout`);
    expect(checkout.status).toBe(200);
    expect((await stripe.pay((checkout.body.url as string).split('/pay/')[1]!)).status).toBe(200);
    await t.request
      .post('/api/contact')
      .set({ 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', Origin: ORIGIN })
      .send({ ...MESSAGE, email: 'crawler@example.com' })
      .expect(201);
    await flush();
    const body = await summary();
    expect(goal(body, 'payment_made')).toEqual({ kind: 'payment_made', count: 2, fromVisits: 0, sources: [], campaigns: [], landings: [] });
    expect(goal(body, 'contact_sent').count).toBe(0);
    expect(body.funnel.find((step) => step.stage === 'paid')).toEqual({ stage: 'paid', visitors: 2 });
  });

  it('exports each view as CSV with the same numbers, formula-like values opened as text', async () => {
    await t.request
      .get('/?utm_campaign=%3DHYPERLINK(%22http://evil.example%22)')
      .set({ ...BROWSER, Referer: 'https://open.spotify.com/' })
      .expect(200);
    await t.request.get('/?utm_campaign=@SUM(1,2)').set(BROWSER).expect(200);
    await t.request
      .get('/?utm_campaign=-2%2B3')
      .set({ ...BROWSER, 'User-Agent': `${CHROME} Edg/131.0` })
      .expect(200);
    await t.request.post('/api/contact').set({ 'User-Agent': CHROME, Origin: ORIGIN }).send(MESSAGE).expect(201);
    await flush();

    expect((await csv('campaigns')).sort()).toEqual(
      [
        ['Campaign', 'Count', 'Visitors'],
        ['\'=HYPERLINK("http://evil.example")', '1', '1'],
        ["'@SUM(1,2)", '1', '1'],
        ["'-2+3", '1', '1'],
      ].sort(),
    );
    expect(await csv('sources')).toEqual([
      ['Source', 'Count', 'Visitors'],
      ['campaign', '2', '2'],
      ['streaming', '1', '1'],
    ]);
    expect(await csv('series')).toEqual([
      ['Start', 'Visitors', 'Views'],
      [today(), '2', '3'],
    ]);
    const goals = await csv('goals');
    expect(goals[0]).toEqual(['Goal', 'Breakdown', 'Value', 'Count', 'Visitors']);
    expect(goals.filter((row) => row[0] === 'contact_sent')).toEqual([
      ['contact_sent', 'total', '', '1', '1'],
      ['contact_sent', 'source', 'campaign', '1', '1'],
      ['contact_sent', 'campaign', "'@SUM(1,2)", '1', '1'],
      ['contact_sent', 'landing page', '/', '1', '1'],
    ]);
    expect((await csv('funnel')).slice(0, 3)).toEqual([
      ['Stage', 'Visitors'],
      ['visitors', '2'],
      ['engaged', '1'],
    ]);
    const refused = await t.asAdmin.get(`/api/admin/insights.csv?view=everything&from=${today()}&to=${today()}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.view).toEqual([expect.stringContaining('view must be one of')]);
    await t.request.get(`/api/admin/insights.csv?view=pages&from=${today()}&to=${today()}`).expect(401);
  });

  it('lays the studio’s money, consultations and projects on the same calendar, each from its own records', async () => {
    const { project } = await projectWithClient(t, { clientEmail: 'figures@example.com' });
    const invoice = async (cents: number) => {
      const created = await t.asAdmin.post(`/api/admin/projects/${project.id}/invoices`).send({ lines: [invoiceLine('Mixing', cents)] });
      expect((await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/send`)).status).toBe(200);
      return created.body.id as number;
    };
    const before = (await t.asAdmin.get(`/api/admin/insights/business?from=${today()}&to=${today()}`).expect(200)).body;
    const paid = await invoice(30_000);
    await t.asAdmin.post(`/api/admin/invoices/${paid}/payments`).send({ amountCents: 10_000, method: 'cash' }).expect(201);
    await invoice(5_000);

    const days = await openBookingDays(t);
    const slot = days[0]![0]!;
    await postBooking(t, bookingBody(slot.start)).set('User-Agent', CHROME).expect(201);
    await flush();
    const to = addCalendarDays(today(), 60);
    const figures = (await t.asAdmin.get(`/api/admin/insights/business?from=${today()}&to=${to}&interval=month`).expect(200)).body;
    expect(figures.currency).toBe('USD');
    expect(figures.money[0]).toEqual({
      start: `${today().slice(0, 7)}-01`,
      invoicedCents: before.money[0].invoicedCents + 35_000,
      paidCents: before.money[0].paidCents + 10_000,
      outstandingCents: before.money[0].outstandingCents + 25_000,
    });
    const week = figures.bookings.findLast((entry: { start: string }) => entry.start <= studioClock(slot.start).date);
    expect(week).toMatchObject({ confirmed: 1, noShows: 0, cancelled: 0 });
    // None has taken place yet: no rate rather than 0 %.
    expect(figures.noShowRate).toBeNull();
    expect(figures.projects).toEqual(expect.arrayContaining([{ status: 'awaiting_files', count: expect.any(Number) }]));
    // The booking is a goal too, from a visitor the counts never saw open a page.
    expect(goal(await summary(), 'consultation_booked')).toMatchObject({ count: 1, fromVisits: 0 });
    await t.request.get(`/api/admin/insights/business?from=${today()}&to=${today()}`).expect(401);
  });
});
