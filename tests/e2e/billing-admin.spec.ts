import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { ownerApi } from './outbox';
import { expectAxeRulesPass, expectNoSeriousA11yViolations } from './support';
import { signInAsOwner } from './support.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

const invoice = (area: Locator, number: string) => area.getByRole('article', { name: number });
async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  if ('goto' in target) {
    // From the top: a full-page shot taken mid-page shows the sticky site header over the content.
    await target.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  } else await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Listed {
  id: number;
  number: string;
  kind: string;
  state: string;
}

test('the owner bills a project: deposit and balance, send, a bank transfer, void and reissue, the PDF, the Money view, the CSV', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const title = `Billed Single ${stamp}`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title, clientName: 'Bea Billing', clientEmail: `bea+${stamp}@example.com`, packageKey: 'premium', price: 350 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invoicesOfProject = async () => (await (await owner.get(`/api/admin/projects/${id}/invoices`)).json()) as Listed[];

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsOwner(page, `/manage/projects/${id}`);
  const card = page.getByRole('region', { name: 'Invoices' });
  await expect(card).toContainText('No invoices yet');

  // The deposit share comes from the Billing settings (50 % unless the owner changed it).
  await card.getByRole('button', { name: 'Plan deposit and balance' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan deposit and balance' });
  await expect(plan.getByLabel('Deposit (%)')).toHaveValue('50');
  await expect(plan).toContainText('A deposit of $175.00 and a balance of $175.00.');
  await shot(plan, 'billing-plan-dialog-1440');
  await plan.getByRole('button', { name: 'Make drafts' }).click();
  await expect(plan).toBeHidden();
  const [deposit, balance] = await invoicesOfProject();
  expect([deposit.kind, balance.kind]).toEqual(['deposit', 'balance']);
  await expect(invoice(card, deposit.number)).toContainText('Draft');
  await expect(card.getByRole('button', { name: 'Plan deposit and balance' })).toHaveCount(0);

  // A line by line invoice: mistakes are named next to their field; the totals follow what is typed.
  await card.getByRole('button', { name: 'New invoice' }).click();
  const editor = page.getByRole('dialog', { name: 'New invoice' });
  await editor.getByLabel('Line 1 amount ($)').fill('12.345');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByText('Description is required')).toBeVisible();
  await expect(editor.getByText('Enter an amount like 175.50')).toBeVisible();
  await editor.getByLabel('Line 1 description').fill('Extra revision round');
  await editor.getByLabel('Line 1 amount ($)').fill('40');
  await editor.getByRole('button', { name: 'Add line' }).click();
  await editor.getByLabel('Line 2 description').fill('Stems');
  await editor.getByLabel('Line 2 amount ($)').fill('25.50');
  await editor.getByLabel('Tax (%)').fill('10');
  await editor.getByLabel('Discount ($)').fill('5.5');
  await expect(editor.getByRole('definition').last()).toHaveText('$66.00');
  await shot(editor, 'billing-new-invoice-dialog-1440');
  await expectNoSeriousA11yViolations(page);
  await editor.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(editor.getByRole('definition').last()).toHaveText('$37.95');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // Sending asks first and says what the client receives.
  await card.getByRole('button', { name: `Send ${deposit.number}` }).click();
  const send = page.getByRole('alertdialog', { name: `Send ${deposit.number}?` });
  await expect(send).toContainText('The client gets an e-mail with the invoice ($175.00');
  await shot(send, 'billing-send-dialog-1440');
  await send.getByRole('button', { name: 'Send invoice' }).click();
  await expect(invoice(card, deposit.number)).toContainText('Sent');
  await expect(card.getByText('Locked now: the client hears the masters but downloads them once $175.00 is paid.')).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Deliveries wait for payment' })).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await shot(card, 'billing-invoices-card-1440');
  await expectNoSeriousA11yViolations(page);
  await expectAxeRulesPass(page, ['heading-order']);

  // A bank transfer for the deposit: what is due is prefilled.
  await card.getByRole('button', { name: `Record a payment for ${deposit.number}` }).click();
  const payment = page.getByRole('dialog', { name: `Record a payment for ${deposit.number}` });
  await expect(payment.getByLabel('Amount ($)')).toHaveValue('175.00');
  await expect(payment.getByLabel('Method')).toHaveValue('bank_transfer');
  // More than is due: the server's refusal lands under the amount.
  await payment.getByLabel('Amount ($)').fill('200');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment.getByText('At most $175.00 is due')).toBeVisible();
  await payment.getByLabel('Amount ($)').fill('175.00');
  await payment.getByLabel('Reference').fill(`BT-${stamp}`);
  await shot(payment, 'billing-payment-dialog-1440');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment).toBeHidden();
  await expect(invoice(card, deposit.number)).toContainText('Paid');
  await expect(invoice(card, deposit.number)).toContainText(`$175.00 by Bank transfer`);
  await expect(invoice(card, deposit.number)).toContainText(`ref. BT-${stamp}`);
  await expect(card.getByText('Open now: nothing sent is unpaid.')).toBeVisible();
  await expect(card.getByText('$350.00 invoiced, $175.00 paid.')).toBeVisible();

  // The balance is voided and reissued: both stay in the record.
  await card.getByRole('button', { name: `Void ${balance.number}` }).click();
  const voiding = page.getByRole('dialog', { name: `Void ${balance.number}` });
  await voiding.getByLabel('Reason').fill('Price changed after the extra song');
  await expect(voiding.getByLabel('Reissue as a new draft')).not.toBeChecked();
  await voiding.getByLabel('Reissue as a new draft').check();
  await shot(voiding, 'billing-void-dialog-1440');
  await voiding.getByRole('button', { name: 'Void invoice' }).click();
  await expect(voiding).toBeHidden();
  const reissued = (await invoicesOfProject()).find((listed) => listed.id !== deposit.id && listed.id !== balance.id)!;
  await expect(invoice(card, balance.number)).toContainText(`Voided: Price changed after the extra song. Replaced by ${reissued.number}.`);
  await expect(invoice(card, reissued.number)).toContainText(`Replaces ${balance.number}.`);
  await expect(invoice(card, reissued.number)).toContainText('Draft');

  // The owner trusts this client: deliveries open by hand, and the project says so.
  const lock = card.getByRole('switch', { name: 'Deliveries wait for payment' });
  await lock.uncheck();
  await expect(card.getByText('Open now: the client downloads the masters whether or not they paid.')).toBeVisible();
  expect(((await (await owner.get(`/api/admin/projects/${id}`)).json()) as { deliveryLocked: boolean }).deliveryLocked).toBe(false);
  await lock.check();
  await expect(card.getByText('Open now: nothing sent is unpaid.')).toBeVisible();

  // The PDF the client also reads: studio, number, total.
  const pdfLink = invoice(card, deposit.number).getByRole('link', { name: `PDF of ${deposit.number} (opens in a new tab)` });
  await expect(pdfLink).toHaveAttribute('href', `/api/admin/invoices/${deposit.id}.pdf`);
  const pdf = await page.request.get(`/api/admin/invoices/${deposit.id}.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
  expect(text).toContain('ATL Audio Mastering');
  expect(text).toContain(deposit.number);
  expect(text).toContain('$175.00');

  // The Money view: a tab with its own address.
  await page.getByRole('tab', { name: 'Money' }).click();
  await expect(page).toHaveURL(/\/manage\/money$/);
  const money = page.getByRole('tabpanel', { name: 'Money' });
  await expect(money.getByText('Paid this month')).toBeVisible();
  const listed = money.getByRole('list', { name: 'Invoices' });
  await expect(invoice(listed, deposit.number)).toContainText('Paid');
  await expect(invoice(listed, deposit.number)).toContainText('Bea Billing');
  await expect(invoice(listed, deposit.number)).toContainText(`$175.00 by Bank transfer`);
  await expectAxeRulesPass(page, ['heading-order']);
  await money.getByLabel('Show').selectOption('void');
  await expect(invoice(listed, balance.number)).toBeVisible();
  await expect(invoice(listed, deposit.number)).toHaveCount(0);
  await money.getByLabel('Show').selectOption('paid');
  await expect(invoice(listed, deposit.number)).toBeVisible();
  await expect(invoice(listed, balance.number)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'billing-money-1440');

  // The accountant's CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), money.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(`${deposit.number},${title},Bea Billing,paid,USD`);

  // From an invoice back to its project.
  await invoice(listed, deposit.number).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/projects/${id}$`));
  await expect(card).toBeVisible();

  // A phone's width: the card, a dialog and the Money view.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(invoice(card, deposit.number)).toBeVisible();
  await shot(card, 'billing-invoices-card-390');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: `Edit ${reissued.number}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${reissued.number}` });
  await expect(edit.getByLabel('Line 1 amount ($)')).toHaveValue('175.00');
  await shot(edit, 'billing-edit-dialog-390');
  await edit.getByLabel('Line 1 amount ($)').fill('200');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(invoice(card, reissued.number)).toContainText('$200.00');
  await page.getByRole('tab', { name: 'Money' }).click();
  await expect(money.getByRole('list', { name: 'Invoices' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'billing-money-390');
  await owner.dispose();
});
