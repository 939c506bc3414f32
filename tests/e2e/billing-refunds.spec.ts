import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { latestMailTo, outboxMails, ownerApi, signInLinkOf } from './outbox';
import { openDashboard, openSection } from './site-editor-support.ts';
import { expectNoSeriousA11yViolations, signInAsOwner } from './support.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
/** playwright.config.ts's webhook secret: events here are signed by the stripe library, as Stripe's are. */
const WEBHOOK_SECRET = 'whsec_e2e_local_only';
const stripe = new Stripe('sk_test_signing_only');

async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  if ('goto' in target) {
    await target.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  } else await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Invoice {
  id: number;
  number: string;
  payments: Array<{ reference: string | null }>;
}

/** A project whose client was never invited, and a sent invoice of `cents` (sending gives the client their way in). */
async function projectWithSentInvoice(owner: APIRequestContext, title: string, email: string, cents: number, taxPercent = 0) {
  const created = await owner.post('/api/admin/projects', {
    data: { title, clientName: 'Rae Refund', clientEmail: email, packageKey: 'premium', price: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invoice = await owner.post(`/api/admin/projects/${id}/invoices`, {
    data: { lines: [{ description: 'Mix and master', amountCents: cents }], taxPercent },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const made = (await invoice.json()) as Invoice;
  expect((await owner.post(`/api/admin/invoices/${made.id}/send`)).status()).toBe(200);
  return { projectId: id, invoice: made };
}

/** As Stripe sends it: from outside, no cookie, no Origin. */
async function deliverSigned(stripeSide: APIRequestContext, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const answer = await stripeSide.post('/api/payments/stripe/webhook', {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    data: payload,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('refunds and disputes read as what they are: on the invoice, in the portal and in Money', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const owner = await ownerApi(playwright, baseURL!);
  const since = Date.now() - 1000;

  // A: 567.20 at 8.875 % tax is 617.54, paid by transfer; the owner gives $100 back from the invoice.
  const refundEmail = `rae+${stamp}@example.com`;
  const a = await projectWithSentInvoice(owner, `Refunded Single ${stamp}`, refundEmail, 56_720, 8.875);
  const mail = await latestMailTo(refundEmail, since, /^Invoice /);
  // The invoice e-mail carries its PDF and the single-use sign-in link (the client was never invited).
  const summary = outboxMails().find((each) => each.to === refundEmail && each.subject === mail.subject) as unknown as {
    attachments?: Array<{ filename: string; contentType: string }>;
  };
  expect(summary.attachments).toEqual([expect.objectContaining({ filename: `${a.invoice.number}.pdf`, contentType: 'application/pdf' })]);
  expect(
    (await owner.post(`/api/admin/invoices/${a.invoice.id}/payments`, { data: { amountCents: 61_754, method: 'bank_transfer' } })).status(),
  ).toBe(201);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsOwner(page, `/manage/projects/${a.projectId}`);
  const card = page.getByRole('region', { name: 'Invoices' });
  const item = card.getByRole('article', { name: a.invoice.number });
  await expect(item).toContainText('$617.54');
  await item.getByRole('button', { name: `Record a refund for ${a.invoice.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record a refund for ${a.invoice.number}` });
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('617.54');
  await dialog.getByLabel('Amount ($)').fill('100');
  await expect(dialog.getByRole('checkbox', { name: /Lock the delivered masters again/ })).not.toBeChecked();
  await shot(dialog, 'refund-dialog-1440');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.locator('[data-state="paid"]')).toBeVisible();
  await expect(item).toContainText('Refunded$100.00');
  await expect(item).toContainText('Refunded $100.00 by Bank transfer');
  await expect(item).toContainText('The delivered masters stay open to the client after this refund.');
  await expect(item.getByRole('button', { name: `Lock the masters after the refund of ${a.invoice.number}` })).toBeVisible();
  await shot(item, 'invoice-partly-refunded-1440');

  // B: paid by card through Checkout, then the client's bank opens a dispute (a signed webhook).
  const disputeEmail = `dee+${stamp}@example.com`;
  const b = await projectWithSentInvoice(owner, `Disputed Single ${stamp}`, disputeEmail, 25_000);
  const client = await browser.newContext({ baseURL });
  const clientPage = await client.newPage();
  await clientPage.goto(signInLinkOf(await latestMailTo(disputeEmail, since, /^Invoice /)));
  await expect(clientPage).toHaveURL(new RegExp(`/portal/projects/${b.projectId}$`));
  const checkout = await clientPage.request.post(`/api/portal/invoices/${b.invoice.id}/checkout`, { headers: { Origin: baseURL! } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await clientPage.goto(url);
  await clientPage.getByRole('button', { name: /^Pay / }).click();
  await expect(clientPage).toHaveURL(new RegExp(`/portal/projects/${b.projectId}`));
  let paid: Invoice | null = null;
  await expect
    .poll(async () => {
      paid = (await (await owner.get(`/api/admin/invoices/${b.invoice.id}`)).json()) as Invoice;
      return paid.payments.length;
    })
    .toBe(1);
  const intent = paid!.payments[0]!.reference!;
  const stripeSide = await playwright.request.newContext({ baseURL });
  await deliverSigned(stripeSide, 'charge.dispute.created', {
    id: `dp_e2e_${stamp}`,
    object: 'dispute',
    payment_intent: intent,
    amount: 25_000,
    currency: 'usd',
    status: 'needs_response',
  });

  // C: paid and given back in full: "Refunded", never "due".
  const c = await projectWithSentInvoice(owner, `Cancelled Single ${stamp}`, `cal+${stamp}@example.com`, 15_000);
  await owner.post(`/api/admin/invoices/${c.invoice.id}/payments`, { data: { amountCents: 15_000, method: 'cash' } });
  const full = await owner.post(`/api/admin/invoices/${c.invoice.id}/refunds`, {
    data: { amountCents: 15_000, method: 'cash', relockDelivery: true },
  });
  expect(full.status(), await full.text()).toBe(201);

  await page.goto('/manage/money');
  const money = page.getByRole('tabpanel', { name: 'Money' });
  await expect(money.getByText('Refunded this month')).toBeVisible();
  await expect(money.getByText('Held by open disputes')).toBeVisible();
  const disputed = money.getByRole('article', { name: b.invoice.number });
  await expect(disputed.locator('[data-dispute="open"]')).toHaveText('Disputed');
  await expect(disputed).toContainText('Card dispute of $250.00');
  await expect(money.getByRole('article', { name: c.invoice.number }).locator('[data-state="refunded"]')).toHaveText('Refunded');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'money-refunds-disputes-1440');
  await money.getByLabel('Show').selectOption('disputed');
  await expect(money.getByRole('article', { name: b.invoice.number })).toBeVisible();
  await expect(money.getByRole('article', { name: c.invoice.number })).toHaveCount(0);
  await money.getByLabel('Show').selectOption('all');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'money-refunds-disputes-390');

  // The client of A reads their invoice as paid with what went back.
  const refundClient = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const refundPage = await refundClient.newPage();
  await refundPage.goto(signInLinkOf(await latestMailTo(refundEmail, since, /^(Paid|Invoice) /)));
  await expect(refundPage).toHaveURL(new RegExp(`/portal/projects/${a.projectId}`));
  const payments = refundPage.getByRole('region', { name: 'Payments' });
  const theirs = payments.getByRole('listitem').filter({ hasText: a.invoice.number });
  await expect(theirs).toContainText('Paid');
  await expect(theirs).toContainText('$100.00 refunded');
  await shot(theirs, 'portal-invoice-refunded-390');
  await refundClient.close();
  await client.close();
  await owner.dispose();
  await stripeSide.dispose();
});

test('the owner sets the first reminder in Site → Billing: 3 days before the due date unless changed', async ({ page }) => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openDashboard(page);
  await openSection(page, 'Billing');
  const days = page.getByLabel('Days before the due date');
  await expect(days).toHaveValue('3');
  await expect(page.getByText("Each once, at 9:00 in the client's time zone")).toBeVisible();
  await shot(page.getByRole('group', { name: 'Reminders' }), 'billing-reminders-1440');
});
