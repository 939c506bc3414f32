import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './outbox';
import { DASHBOARD_HYDRATION_TIMEOUT, expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = 'quartz-lantern-meadow-41';
const JOIN_LINK = /https?:\/\/\S+\/manage\/join\/[\w-]+/;

async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const filters = (page: Page) => page.getByRole('form', { name: 'Filter the audit log' });
const entries = (page: Page) => page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('listitem');

test('the owner reads who did what, filters it and downloads it; the front desk sees only their own entries', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage/audit');
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Dashboard' }).getByRole('tab', { name: 'Audit log' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // A change of the owner's, and the invitation of a front desk who joins from the e-mail.
  const origin = { Origin: new URL(page.url()).origin };
  const title = `Audit trail ${stamp}`;
  const data = { title, clientName: 'Cleo Client', clientEmail: `cleo-${stamp}@example.test`, packageKey: 'standard' };
  const created = await page.request.post('/api/admin/projects', { headers: origin, data });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const priced = await page.request.patch(`/api/admin/projects/${projectId}`, { headers: origin, data: { price: 450 } });
  expect(priced.status(), await priced.text()).toBe(200);
  const deskEmail = `desk-${stamp}@studio.test`;
  const invited = await page.request.post('/api/admin/staff', {
    headers: origin,
    data: { email: deskEmail, name: 'Dee Desk', role: 'assistant' },
  });
  expect(invited.status()).toBe(201);

  await gotoHydrated(page, '/manage/audit');
  await filters(page).getByLabel('Area').selectOption({ label: 'Projects' });
  await expect(entries(page).filter({ hasText: `Project “${title}” made` })).toBeVisible();
  // The price it was given, before and after.
  const change = entries(page).filter({ hasText: `Project “${title}” changed` });
  await expect(change.getByRole('term')).toHaveText('price');
  await expect(change.getByRole('definition')).toHaveText(/\(none\).*→.*450/);
  await filters(page).getByLabel('Area').selectOption({ label: 'Staff' });
  await expect(entries(page).filter({ hasText: 'Staff member “Dee Desk” invited' })).toBeVisible();
  const csvLink = filters(page).getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', '/api/admin/audit.csv?area=staff');
  const csv = await page.request.get('/api/admin/audit.csv?area=staff');
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain('Staff member “Dee Desk” invited');
  await filters(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(entries(page).first()).toBeVisible();
  await shots(page, 'audit-log-owner');

  // The front desk joins: their log holds their own entries, and offers no choice of person.
  const mail = await latestMailTo(deskEmail, stamp - 1000, /Join/);
  const desk = await (await browser.newContext()).newPage();
  await gotoHydrated(desk, new URL(JOIN_LINK.exec(mail.text)![0]).pathname);
  await desk.getByLabel('Username').fill(`dee-${stamp}`);
  await desk.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await desk.getByLabel('Confirm password').fill(PASSWORD);
  await desk.getByRole('button', { name: 'Join' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  await desk.getByRole('tablist', { name: 'Dashboard' }).getByRole('tab', { name: 'Audit log' }).click();
  await expect(desk).toHaveURL(/\/manage\/audit$/);
  await expect(entries(desk).filter({ hasText: 'Joined the staff and signed in' })).toBeVisible();
  await expect(entries(desk).filter({ hasText: title })).toHaveCount(0);
  await expect(filters(desk).getByLabel('Person')).toHaveCount(0);
  await shots(desk, 'audit-log-desk');
});
