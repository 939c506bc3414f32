import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { expectNoSeriousA11yViolations } from './support';
import { signInAsOwner } from './support.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
async function shot(target: Page | Locator, name: string) {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

test("the owner sets a plan; the timeline says what is next and who it waits on; the client's uploads wait for the deposit", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const clientEmail = `plan+${stamp}@example.com`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: `Planned EP ${stamp}`, clientName: 'Pia Plan', clientEmail, packageKey: 'premium', price: 350 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsOwner(page, `/manage/projects/${id}`);
  const card = page.getByRole('region', { name: 'Payment plan' });
  // Priced, the project starts on the studio's usual plan (half up front): the owner changes it for this client.
  await expect(card).toContainText('Masters held for$350.00');
  await card.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the payment plan' });
  await expect(dialog.getByLabel('Deposit (%)')).toHaveValue('50');
  await dialog.getByLabel('Deposit (%)').fill('40');
  await expect(dialog).toContainText('A deposit of $140.00 and a balance of $210.00.');
  await dialog.getByRole('checkbox', { name: /The work waits for the deposit/ }).check();
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();

  // The deposit was drafted when the plan changed: the owner sends it; the balance waits for the masters.
  const timeline = card.getByRole('list', { name: 'Timeline' });
  const deposit = timeline.getByRole('listitem').filter({ hasText: 'Deposit paid' });
  await expect(deposit).toHaveAttribute('aria-current', 'step');
  await expect(deposit).toContainText('Waiting on you');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Balance paid' })).toContainText(
    '$210.00, invoiced when the masters are delivered',
  );
  await expect(card).toContainText('Masters held for$350.00');
  await expect(page.getByRole('region', { name: 'Invoices' }).getByRole('article')).toHaveCount(1);

  const plan = (await (await owner.get(`/api/admin/projects/${id}/plan`)).json()) as { plan: { parts: Array<{ invoiceId: number }> } };
  expect((await owner.post(`/api/admin/invoices/${plan.plan.parts[0]!.invoiceId}/send`)).status()).toBe(200);
  await page.reload();
  await expect(deposit).toContainText('Waiting on the client');
  await expectNoSeriousA11yViolations(page);
  await shot(card, 'plan-timeline-1440');
  await page.setViewportSize({ width: 390, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await shot(card, 'plan-timeline-390');

  // The deposit is invoiced: changing its share is refused, and the dialog says why next to the field.
  await card.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: 'Change the payment plan' });
  await expect(change.getByLabel('Deposit (%)')).toHaveValue('40');
  await change.getByLabel('Deposit (%)').fill('30');
  await change.getByRole('button', { name: 'Save plan' }).click();
  await expect(change.getByRole('alert')).toContainText('The deposit is invoiced already');
  await expectNoSeriousA11yViolations(page);
  await shot(change, 'plan-editor-390');
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();

  // The client, invited: the portal says the uploads open once the deposit is paid, and offers no uploader.
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const client = await context.newPage();
  await client.goto(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)));
  await expect(client).toHaveURL(new RegExp(`/portal/projects/${id}$`));
  const uploads = client.getByRole('region', { name: 'Upload files' });
  await expect(uploads).toContainText('The studio starts once the deposit of $140.00 is paid');
  await expect(uploads.getByRole('combobox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(client);
  await shot(uploads, 'plan-portal-gate-390');
  await context.close();
});
