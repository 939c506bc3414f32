import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { PlanAnswer } from '../../common/billing/payment-plan';
import type { TrackView } from '../../common/review';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Two people signing in, an analysis, a listening copy, a watermark and a trip through Checkout.
test.describe.configure({ timeout: 240_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function signInFromMail(page: Page, address: string, since: number, subject: RegExp) {
  await page.goto(signInLinkOf(await latestMailTo(address, since, subject)));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test('an A&R hears the watermarked copy, a listen-only member sees no notes or files, the client pays and downloads the masters', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const clientEmail = `preview-${stamp}@example.test`;
  const memberEmail = `drummer-${stamp}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Preview to Paid', clientName: 'Jo Client', clientEmail, packageKey: 'standard', price: 300, dueDate: '2030-06-01' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // Paid in full before delivery: nothing is invoiced until the masters arrive.
  expect((await owner.put(`/api/admin/projects/${id}/plan`, { data: { depositPercent: 0 } })).status()).toBe(200);

  // The mix to review, and a review link for the label's A&R with the audible watermark.
  const trackId = (
    (await (await owner.post(`/api/admin/projects/${id}/tracks`, { data: { title: 'Glass City' } })).json()) as { id: number }
  ).id;
  await uploadIntoProject(owner, id, `/api/admin/projects/${id}/tracks/${trackId}/versions`, {
    name: 'glass-city-mix.wav',
    body: pcmWav({ seconds: 12, sampleRate: 44_100, bitDepth: 16, channels: 2, peak: 0.3 }),
  });
  await expect
    .poll(
      async () => ((await (await owner.get(`/api/admin/projects/${id}/tracks/${trackId}`)).json()) as TrackView).versions[0]?.analysisState,
      {
        timeout: 60_000,
      },
    )
    .toBe('done');
  const link = await owner.post(`/api/admin/projects/${id}/tracks/${trackId}/review-links`, { data: { watermark: true } });
  expect(link.status(), await link.text()).toBe(201);
  const linkUrl = ((await link.json()) as { url: string }).url;

  const ar = await browser.newContext({ baseURL });
  try {
    const listener = await ar.newPage();
    const heard: string[] = [];
    listener.on('response', (response) => {
      if (/\/versions\/\d+\/(watermarked-)?audio/.test(response.url()) && response.ok()) heard.push(response.url());
    });
    await gotoHydrated(listener, new URL(linkUrl).pathname);
    const play = listener.getByRole('button', { name: 'Play v1', exact: true });
    await expect(play).toBeEnabled({ timeout: 60_000 });
    await play.click();
    await expect(listener.locator('[data-review-player]')).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard.every((url) => url.endsWith('/watermarked-audio'))).toBe(true);
  } finally {
    await ar.close();
  }

  // The client: signs in, writes a note for the studio, sends a stem, adds the drummer to listen only.
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  await signInFromMail(page, clientEmail, invitedAt, /project space/);
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}$`));
  // The client's own calls, with the page's session and the Origin a browser's fetch sends.
  const client = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL! },
    storageState: await page.context().storageState(),
  });
  expect(
    (await client.patch(`/api/portal/projects/${id}`, { data: { clientNotes: 'Private: keep the label’s A&R out of this.' } })).status(),
  ).toBe(200);
  const stem = await uploadIntoProject(client, id, `/api/portal/projects/${id}/files`, {
    name: 'drums-stem.wav',
    body: pcmWav({ seconds: 2, sampleRate: 44_100, bitDepth: 16, channels: 1, peak: 0.2 }),
  });
  const addedAt = Date.now() - 1000;
  const added = await client.post(`/api/portal/projects/${id}/collaborators`, { data: { email: memberEmail, role: 'listen' } });
  expect(added.status(), await added.text()).toBe(201);

  const member = await browser.newContext({ baseURL });
  try {
    const drummer = await member.newPage();
    await signInFromMail(drummer, memberEmail, addedAt, /./);
    await expect(drummer).toHaveURL(new RegExp(`/portal/projects/${id}$`));
    await expect(drummer.getByText('Private: keep the label’s A&R out of this.')).toHaveCount(0);
    await expect(drummer.getByText(stem.name)).toHaveCount(0);
    const seen = (await (await drummer.request.get(`/api/portal/projects/${id}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(seen)).not.toContain('keep the label');
    expect(JSON.stringify(seen)).not.toContain(stem.name);
    await expectNoSeriousA11yViolations(drummer);
  } finally {
    await member.close();
  }

  // The masters arrive: the plan invoices the payment in full, and every way to them answers 402 until it is paid.
  const masterBytes = pcmWav({ seconds: 3, sampleRate: 48_000, bitDepth: 24, channels: 2, peak: 0.5 });
  const master = await uploadIntoProject(owner, id, `/api/admin/projects/${id}/deliveries`, {
    name: 'glass-city-master.wav',
    body: masterBytes,
  });
  const download = `/api/portal/projects/${id}/files/${master.id}/download`;
  expect((await page.request.get(download)).status()).toBe(402);
  expect((await page.request.get(`/api/portal/projects/${id}/deliveries.zip`)).status()).toBe(402);
  const plan = ((await (await owner.get(`/api/admin/projects/${id}/plan`)).json()) as PlanAnswer).plan!;
  const invoiceId = plan.parts[0]!.invoiceId!;
  expect((await owner.post(`/api/admin/invoices/${invoiceId}/send`)).status()).toBe(200);

  // The client pays through Checkout (the local Stripe-compatible server; its webhook is signed) and downloads.
  await gotoHydrated(page, `/portal/projects/${id}`);
  await page
    .getByRole('region', { name: 'Payments' })
    .getByRole('button', { name: /^Pay now/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay $300.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}(\\?payment=done)?$`));
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('status')).toContainText('Payment received');
  // "Payment received" is said once the signed webhook recorded it: the masters are open now.
  const paid = await page.request.get(download);
  expect(paid.status()).toBe(200);
  expect(sha256(await paid.body())).toBe(sha256(masterBytes));
  await client.dispose();
});
