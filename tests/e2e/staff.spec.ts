import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMailTo } from './outbox';
import { DASHBOARD_HYDRATION_TIMEOUT, expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = 'quartz-lantern-meadow-41';
const JOIN_LINK = /https?:\/\/\S+\/manage\/join\/[\w-]+/;

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function invite(page: Page, name: string, email: string, role: string) {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'The staff' }).getByRole('listitem').filter({ hasText: email })).toContainText('Invited');
}

/** A browser of the invitee's own: opens the e-mailed link and joins, landing signed in on the dashboard. */
async function joinFromEmail(browser: Browser, email: string, username: string, since: number, shot?: string): Promise<Page> {
  const mail = await latestMailTo(email, since, /Join/);
  const link = JOIN_LINK.exec(mail.text)![0];
  const page = await (await browser.newContext()).newPage();
  if (shot) {
    await page.setContent(mail.html!);
    // The link is a button that says what it does; the token is never its text.
    await expect(page.getByRole('link', { name: 'Join the admin' })).toHaveAttribute('href', link);
    await expect(page.getByText(/manage\/join\//)).toHaveCount(0);
    await shots(page, `${shot}-email`);
  }
  await gotoHydrated(page, new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  if (shot) await shots(page, `${shot}-join`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(dashboardHeading(page)).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  return page;
}

test('the owner builds a team: each joins from the e-mail, works in their role, and a removed engineer is signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const engineerEmail = `engineer-${stamp}@studio.test`;
  const assistantEmail = `assistant-${stamp}@studio.test`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage/staff');
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  await invite(page, 'Erin Engineer', engineerEmail, 'Engineer');
  await invite(page, 'Ada Assistant', assistantEmail, 'Assistant');
  await shots(page, 'staff-page');

  const engineer = await joinFromEmail(browser, engineerEmail, `erin-${stamp}`, stamp - 1000, 'staff-invitation');
  const origin = { Origin: new URL(engineer.url()).origin };

  // The owner assigns the engineer one project of two: the engineer's list shows only that one.
  const projects: number[] = [];
  for (const title of [`Assigned ${stamp}`, `Not theirs ${stamp}`]) {
    const data = { title, clientName: 'Cleo Client', clientEmail: `cleo-${stamp}@example.test`, packageKey: 'standard' };
    const created = await page.request.post('/api/admin/projects', { headers: origin, data });
    expect(created.status(), await created.text()).toBe(201);
    projects.push(((await created.json()) as { id: number }).id);
  }
  await gotoHydrated(page, `/manage/projects/${projects[0]}`);
  const engineers = page.getByRole('region', { name: 'Engineers' });
  await engineers.getByRole('checkbox', { name: /Erin Engineer/ }).check();
  await engineers.getByRole('button', { name: 'Save engineers' }).click();
  await expect(engineers).toContainText('Erin Engineer (lead)');
  await gotoHydrated(engineer, '/manage/projects');
  await expect(engineer.getByText(`Assigned ${stamp}`)).toBeVisible();
  await expect(engineer.getByText(`Not theirs ${stamp}`)).toHaveCount(0);
  expect((await engineer.request.get(`/api/admin/projects/${projects[1]}`)).status()).toBe(404);
  // The engineer's dashboard has no Money, Site or Staff; at Money's address it says why.
  const tabs = engineer.getByRole('tablist', { name: 'Dashboard' });
  await expect(tabs.getByRole('tab', { name: 'Projects' })).toBeVisible();
  for (const hidden of ['Money', 'Site', 'Staff']) await expect(tabs.getByRole('tab', { name: hidden, exact: true })).toHaveCount(0);
  await gotoHydrated(engineer, '/manage/money');
  await expect(engineer.getByRole('heading', { name: 'Money is not open to you' })).toBeVisible();
  await expect(engineer.getByText('Your role cannot open Money.')).toBeVisible();
  await shots(engineer, 'area-refused');
  await gotoHydrated(engineer, '/manage?tab=site');
  await expect(engineer.getByRole('heading', { name: 'Site is not open to you' })).toBeVisible();
  // And the API says the same.
  const invoices = await engineer.request.get('/api/admin/invoices');
  expect(invoices.status()).toBe(403);
  expect((await invoices.json()).message).toBe('Your role cannot open Money.');
  expect((await engineer.request.put('/api/admin/site/faq', { data: {}, headers: origin })).status()).toBe(403);

  // The assistant opens the invoices.
  const assistant = await joinFromEmail(browser, assistantEmail, `ada-${stamp}`, stamp - 1000);
  // The front desk edits samples but is offered no Delete (and the API refuses it below).
  await assistant.getByRole('tab', { name: 'Manage Samples', exact: true }).click();
  await expect(assistant.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(assistant.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await assistant.getByRole('tablist', { name: 'Dashboard' }).getByRole('tab', { name: 'Money', exact: true }).click();
  await expect(assistant).toHaveURL(/\/manage\/money$/);
  await expect(assistant.getByRole('heading', { name: 'Money is not open to you' })).toHaveCount(0);
  expect((await assistant.request.get('/api/admin/invoices')).status()).toBe(200);
  const trash = await assistant.request.delete('/api/samples/1/trash', { headers: origin });
  expect(trash.status()).toBe(403);

  // The owner removes the engineer: the engineer's open tab is signed out on its next request.
  await gotoHydrated(engineer, '/manage/projects');
  await gotoHydrated(page, '/manage/staff');
  const row = page.getByRole('list', { name: 'The staff' }).getByRole('listitem').filter({ hasText: engineerEmail });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Remove Erin Engineer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('list', { name: 'The staff' }).getByText(engineerEmail)).toHaveCount(0);
  // Coming back to the tab reads who is signed in again: the session has ended.
  await engineer.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(engineer.getByRole('dialog', { name: 'Log in to continue' })).toBeVisible();
});
