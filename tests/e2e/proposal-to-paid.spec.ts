import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PlanAnswer } from '../../common/billing/payment-plan';
import { latestMailTo, ownerApi } from './outbox';
import { pcmWav, uploadIntoProject, zipEntries } from './project-files';
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
async function shot(target: Page | Locator, name: string) {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.describe.configure({ timeout: 240_000 });

test('from a booked consultation to paid masters: a proposal from a template, signed and paid on a phone, no hand-sequencing', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const clientEmail = `rae+${stamp}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);

  // A visitor books a free consultation, as the booking page does.
  const slots = (await (await page.request.get('/api/booking/slots?type=free-consultation')).json()) as { slots: Array<{ start: string }> };
  const booked = await page.request.post('/api/bookings', {
    headers: { Origin: baseURL! },
    data: {
      type: 'free-consultation',
      start: slots.slots[0]!.start,
      name: 'Rae Visitor',
      email: clientEmail,
      note: 'An EP',
      phone: '+1 555 0100',
      tz: 'America/New_York',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // The owner's template for the EP they sell most (made once, earlier).
  const template = await owner.post('/api/admin/proposal-templates', {
    data: {
      name: `Standard EP ${stamp}`,
      packageKey: 'standard',
      songs: 3,
      options: [
        { key: 'premium', label: 'Premium instead of Standard', packageKey: 'premium' },
        { key: 'stems', label: 'Stems of every song', amountCents: 7_500 },
      ],
      depositPercent: 50,
      message: 'Great to talk today: here is the EP as we discussed.',
    },
  });
  expect(template.status(), await template.text()).toBe(201);

  // The owner turns the booking into a proposal from the template: five actions.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsOwner(page, '/manage/bookings');
  const card = page.getByRole('article', { name: /^Rae Visitor,/ }).first();
  await card.getByRole('link', { name: 'Make a proposal' }).click();
  await expect(page).toHaveURL(/\/manage\/proposals\/new\?booking=\d+/);
  await expect(page.getByLabel('Client e-mail')).toHaveValue(clientEmail);
  await page.getByLabel('Start from a template').selectOption({ label: `Standard EP ${stamp}` });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Night Drive EP');
  await expect(page.getByTestId('editor-total')).toHaveText('$450.00');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'proposal-editor-1440');
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send to the client' }).click();
  await expect(page.getByTestId('proposal-state')).toHaveText('Sent');
  await expect(page.getByTestId('proposal-link')).toContainText('/p/');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'proposal-editor-390');

  // The client opens it on a phone, chooses Premium with stems, signs and pays the deposit through Checkout.
  const link = /https?:\/\/\S+\/p\/[0-9a-f]{64}/.exec((await latestMailTo(clientEmail, sentAt, /^Your proposal from/)).text)![0];
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await gotoHydrated(client, new URL(link).pathname);
  await expect(client.getByRole('heading', { level: 1, name: 'Night Drive EP' })).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  await shot(client, 'proposal-client-390');
  await client.getByRole('radio', { name: /Premium instead of Standard/ }).check();
  await client.getByRole('checkbox', { name: /Stems of every song/ }).check();
  // 3 × $350 + $75 stems.
  await expect(client.getByTestId('proposal-total')).toHaveText('$1,125.00');
  await client.getByLabel('Your full name').fill('Rae Visitor');
  await client.getByRole('button', { name: 'Sign and pay $562.50' }).click();
  await expect(client).toHaveURL(/\/pay\/cs_test_/);
  await client.getByRole('button', { name: 'Pay $562.50' }).click();
  // Back in the portal, signed in by the acceptance: the upload step is open.
  await expect(client).toHaveURL(/\/portal\/projects\/\d+/);
  const projectId = Number(/\/portal\/projects\/(\d+)/.exec(client.url())![1]);
  await expect(client.getByRole('region', { name: 'Payments' }).getByRole('status')).toContainText('Payment received');
  await expect(client.getByRole('heading', { name: 'Upload files' })).toBeVisible();
  const clientApi = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL! },
    storageState: await phone.storageState(),
  });
  await uploadIntoProject(clientApi, projectId, `/api/portal/projects/${projectId}/files`, {
    name: 'vocals-stem.wav',
    body: pcmWav({ seconds: 2, sampleRate: 48_000, bitDepth: 24, channels: 1, peak: 0.2 }),
  });

  // The signed page, and its PDF for both sides.
  await gotoHydrated(client, new URL(link).pathname);
  await expect(client.getByRole('heading', { name: 'This proposal is signed' })).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  await shot(client, 'proposal-client-signed-390');
  await client.setViewportSize({ width: 1440, height: 1000 });
  await shot(client, 'proposal-client-signed-1440');
  const agreement = await clientApi.get(`/api/portal/projects/${projectId}/agreement.pdf`);
  expect(agreement.status()).toBe(200);
  if (SHOTS) writeFileSync(`${SHOTS}/signed-agreement.pdf`, await agreement.body());

  // The owner delivers the masters while the balance is not invoiced: every way to them is 402.
  const masterBytes = pcmWav({ seconds: 3, sampleRate: 48_000, bitDepth: 24, channels: 2, peak: 0.5 });
  const master = await uploadIntoProject(owner, projectId, `/api/admin/projects/${projectId}/deliveries`, {
    name: 'night-drive-master.wav',
    body: masterBytes,
  });
  const file = `/api/portal/projects/${projectId}/files/${master.id}/download`;
  const zip = `/api/portal/projects/${projectId}/deliveries.zip`;
  for (const [name, answer] of [
    ['file', await clientApi.get(file)],
    ['file HEAD', await clientApi.head(file)],
    ['file range', await clientApi.get(file, { headers: { Range: 'bytes=0-99' } })],
    ['ZIP', await clientApi.get(zip)],
    ['ZIP HEAD', await clientApi.head(zip)],
  ] as const)
    expect([name, answer.status()]).toEqual([name, 402]);

  // The balance is invoiced from the plan when the masters arrived; the owner sends it, the client pays it.
  const plan = ((await (await owner.get(`/api/admin/projects/${projectId}/plan`)).json()) as PlanAnswer).plan!;
  expect(plan.parts.map((part) => [part.kind, part.state])).toEqual([
    ['deposit', 'paid'],
    ['balance', 'draft'],
  ]);
  expect((await owner.post(`/api/admin/invoices/${plan.parts[1]!.invoiceId}/send`)).status()).toBe(200);
  await gotoHydrated(client, `/portal/projects/${projectId}`);
  await client
    .getByRole('region', { name: 'Payments' })
    .getByRole('button', { name: /^Pay now/ })
    .first()
    .click();
  await expect(client).toHaveURL(/\/pay\/cs_test_/);
  await client.getByRole('button', { name: 'Pay $562.50' }).click();
  await expect(client.getByRole('region', { name: 'Payments' }).getByRole('status')).toContainText('Payment received');
  const paidZip = await clientApi.get(zip);
  expect(paidZip.status()).toBe(200);
  const zipPath = path.join(mkdtempSync(path.join(tmpdir(), 'proposal-zip-')), 'deliveries.zip');
  writeFileSync(zipPath, await paidZip.body());
  expect(zipEntries(zipPath)).toEqual({ 'night-drive-master.wav': sha256(masterBytes) });

  // The owner's project page shows the plan's timeline from signature to delivery.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await gotoHydrated(page, `/manage/projects/${projectId}`);
  const timeline = page.getByRole('region', { name: 'Payment plan' });
  await expect(timeline).toContainText('Balance paid');
  await shot(timeline, 'proposal-plan-timeline-1440');
  await clientApi.dispose();
  await phone.close();
});
