import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { renderPdfPage } from './pdf-render';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// Signing in, two trips through Checkout and the server's checks of a master: a busy machine gets time.
test.describe.configure({ timeout: 180_000 });

interface PlannedInvoice {
  id: number;
  number: string;
  kind: string;
  totalCents: number;
}

const INSTRUCTIONS = 'Bank transfer: ATL Audio LLC\nAccount 000123456, routing 061000104\nQuestions: https://example.com/pay';

/** The owner's payment instructions (site content, billing section); answers what they were before. */
async function setPaymentInstructions(owner: APIRequestContext, text: string): Promise<string> {
  const { billing } = (await (await owner.get('/api/admin/site')).json()) as {
    billing: { paymentInstructions: string; version: number; updatedAt?: string } & Record<string, unknown>;
  };
  const { version, updatedAt: _updatedAt, ...fields } = billing;
  const saved = await owner.put('/api/admin/site/billing', { data: { ...fields, paymentInstructions: text, version } });
  expect(saved.status(), await saved.text()).toBe(200);
  return billing.paymentInstructions;
}

/** The payment box, then the deliveries, at both widths: what the client sees of what they owe. */
async function shoot(page: Page, name: string, regions: string[], wholePage = false) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (wholePage) await page.screenshot({ path: `${SHOTS}/${name}-page-${width}.png`, fullPage: true });
    for (const region of regions) {
      await page.getByRole('region', { name: region }).screenshot({ path: `${SHOTS}/${name}-${region.toLowerCase()}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** axe over the whole page at a phone's width and a desktop's. */
async function axeAtBothWidths(page: Page) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
  }
}

/** On the project page: "Pay now" on the invoice, the local Checkout page's Pay, and back to the project. */
async function payThroughCheckout(page: Page, payNow: ReturnType<Page['getByRole']>, amount: string, projectId: number) {
  await payNow.click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${projectId}(\\?payment=done)?$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test('the client pays the deposit and the balance through Checkout; the masters unlock once paid', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const clientEmail = `payer-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Paid in Full', clientName: 'Dana Payer', clientEmail, packageKey: 'standard', price: 400, dueDate: '2030-06-01' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const before = await setPaymentInstructions(owner, INSTRUCTIONS);

  try {
    // The project's price as a deposit and a balance; the deposit goes out first.
    const planned = await owner.post(`/api/admin/projects/${id}/invoices/plan`, { data: { depositPercent: 50 } });
    expect(planned.status(), await planned.text()).toBe(201);
    const [deposit, balance] = (await planned.json()) as PlannedInvoice[];
    expect([deposit!.kind, deposit!.totalCents, balance!.kind, balance!.totalCents]).toEqual(['deposit', 20_000, 'balance', 20_000]);
    expect((await owner.post(`/api/admin/invoices/${deposit!.id}/send`)).status()).toBe(200);

    const invitedAt = Date.now() - 1000;
    expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)));
    await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}$`));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

    // What is due, with "Pay now", the PDF and the owner's instructions (line breaks kept, the address a link).
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByText('Due now')).toContainText('$200.00');
    const depositItem = payments.getByRole('listitem').filter({ hasText: deposit!.number });
    await expect(depositItem).toContainText(/Deposit · Due by \w{3} \d+, \d{4}/);
    await expect(depositItem.getByRole('link', { name: new RegExp(`^Invoice \\(PDF\\) ${deposit!.number}`) })).toBeVisible();
    await expect(payments.getByText('Account 000123456, routing 061000104')).toBeVisible();
    await expect(payments.getByRole('link', { name: 'https://example.com/pay' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'billing-due', ['Payments']);

    // The invoice as a PDF, for the client: the studio, the number, the total.
    const pdf = await page.request.get(`/api/portal/invoices/${deposit!.id}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pdfBytes = await pdf.body();
    const { text } = await extractText(new Uint8Array(pdfBytes), { mergePages: true });
    const studio = ((await (await owner.get('/api/admin/site')).json()) as { studio: { name: string } }).studio.name;
    expect(studio).toBe('ATL Audio Mastering');
    expect(text).toContain(studio);
    expect(text).toContain(deposit!.number);
    expect(text).toContain('$200.00');
    if (SHOTS) await renderPdfPage(playwright, pdfBytes, `${SHOTS}/billing-invoice-pdf.png`);

    // Leaving Checkout without paying charges nothing, and the page says so calmly.
    await depositItem.getByRole('button', { name: /^Pay now/ }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}\\?payment=cancelled$`));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(payments.getByRole('status')).toContainText('nothing was charged');
    await expect(payments.getByText('Due now')).toContainText('$200.00');

    // Checkout and back: the signed webhook has recorded the payment, and the page says so.
    await payThroughCheckout(page, depositItem.getByRole('button', { name: /^Pay now/ }), '$200.00', id);
    await expect(payments.getByRole('status')).toContainText('Payment received — thank you');
    await expect(payments.getByRole('status')).toContainText(`Invoice ${deposit!.number} is marked paid`);
    await expect(depositItem).toContainText(/Deposit · Paid on /);
    await expect(depositItem.getByRole('link', { name: /^Receipt \(PDF\)/ })).toBeVisible();
    await expect(payments.getByText('All paid', { exact: true })).toBeVisible();
    // The thank-you is for this return only: the address no longer carries it.
    await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}$`));

    // The master is delivered and the balance sent: the deliveries wait for it, and say so.
    const master = await uploadIntoProject(owner, id, `/api/admin/projects/${id}/deliveries`, {
      name: 'Paid in Full (master).wav',
      body: pcmWav({ seconds: 1, sampleRate: 48_000, bitDepth: 24, channels: 2, peak: 0.5 }),
    });
    expect((await owner.post(`/api/admin/invoices/${balance!.id}/send`)).status()).toBe(200);
    await gotoHydrated(page, `/portal/projects/${id}`);
    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await expect(deliveries.getByText(master.name, { exact: true })).toBeVisible();
    await expect(deliveries.getByRole('note')).toContainText('Your masters are ready to download once the balance of $200.00 is paid');
    await expect(deliveries.getByRole('link', { name: /Download/ })).toHaveCount(0);
    await expect(deliveries.getByText('Locked until paid')).toBeVisible();
    const zip = await page.request.get(`/api/portal/projects/${id}/deliveries.zip`);
    expect(zip.status()).toBe(402);
    expect(((await zip.json()) as { amountDueCents: number }).amountDueCents).toBe(20_000);
    await axeAtBothWidths(page);
    await shoot(page, 'billing-locked', ['Payments', 'Deliveries'], true);

    // Someone the client lets approve may download too: they see the lock, not what the client owes.
    const approverEmail = `approver-${Date.now()}@example.test`;
    const people = page.locator('[data-people]');
    await people.getByLabel('E-mail').fill(approverEmail);
    await people.getByLabel('Role').selectOption('approve');
    const addedAt = Date.now() - 1000;
    await people.getByRole('button', { name: 'Add' }).click();
    await expect(people.getByRole('status')).toContainText(`on its way to ${approverEmail}`);
    const approverContext = await browser.newContext({ baseURL });
    const approver = await approverContext.newPage();
    await approver.goto(signInLinkOf(await latestMailTo(approverEmail, addedAt, /added you/)));
    const theirDeliveries = approver.getByRole('region', { name: 'Deliveries' });
    await expect(theirDeliveries.getByRole('note')).toContainText("The masters can be downloaded once the studio's invoice is paid");
    await expect(theirDeliveries.getByRole('link', { name: /Download/ })).toHaveCount(0);
    await expect(approver.getByRole('region', { name: 'Payments' })).toHaveCount(0);
    await approverContext.close();

    // "Pay now" from the lock itself; back from Checkout the masters download.
    await payThroughCheckout(page, deliveries.getByRole('button', { name: 'Pay now' }), '$200.00', id);
    await expect(payments.getByRole('status')).toContainText('Payment received — thank you');
    await expect(payments.getByRole('listitem').filter({ hasText: balance!.number })).toContainText(/Balance · Paid on /);
    await expect(deliveries.getByRole('note')).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      deliveries.getByRole('link', { name: `Download ${master.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(master.name);
    expect((await page.request.get(`/api/portal/projects/${id}/deliveries.zip`)).status()).toBe(200);
    await axeAtBothWidths(page);
    await shoot(page, 'billing-paid', ['Payments', 'Deliveries']);
  } finally {
    await setPaymentInstructions(owner, before);
  }
});
