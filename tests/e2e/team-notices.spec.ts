import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './outbox';
import { DASHBOARD_HYDRATION_TIMEOUT, expectNoSeriousA11yViolations, signInAsOwner } from './support';

// The team's notices and booking assignment (issue 43, decision 121).
// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function openNotices(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'E-mail notices' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail notices' });
  await expect(dialog.getByRole('group', { name: 'E-mail me about' })).toBeVisible();
  return dialog;
}

test('a person turns a kind of notice off in the account menu, and it stays off', async ({ page }) => {
  test.setTimeout(90_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage');
  let dialog = await openNotices(page);
  const files = dialog.getByRole('checkbox', { name: 'Files a client sent' });
  await expect(files).toBeChecked();
  await files.uncheck();
  await expect(dialog.getByRole('status')).toHaveText('Files a client sent: off. Saved.');
  await shots(page, 'notices');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await openNotices(page);
  await expect(dialog.getByRole('checkbox', { name: 'Files a client sent' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Approvals and revision requests' })).toBeChecked();
  // Back as it was, for the other journeys' e-mails.
  await dialog.getByRole('checkbox', { name: 'Files a client sent' }).check();
  await expect(dialog.getByRole('status')).toHaveText('Files a client sent: on. Saved.');
});

test('the owner gives a booking to a team member on its card; the visitor’s confirmation names them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const visitor = { name: `Dana Assigned ${stamp}`, email: `dana+${stamp}@example.com`, note: 'Two songs to mix' };
  const slotsAnswer = await page.request.get('/api/booking/slots?type=free-consultation');
  const { slots } = (await slotsAnswer.json()) as { slots: Array<{ start: string }> };
  const booked = await page.request.post('/api/bookings', {
    headers: { Origin: baseURL! },
    data: { type: 'free-consultation', start: slots.at(-3)!.start, ...visitor, phone: '+1 555 0100', tz: 'Europe/Berlin' },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage/bookings');
  const card = page.getByRole('article', { name: new RegExp(`^${visitor.name},`) });
  await expect(card).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  const choice = card.getByLabel('Assigned to');
  await expect(choice).toBeEnabled();
  await expect(choice).toHaveValue('');
  const since = Date.now();
  const person = (await choice.locator('option').nth(1).textContent())!.trim();
  await choice.selectOption({ label: person });
  await expect(
    page
      .getByRole('region', { name: /Notification/ })
      .locator('li')
      .first(),
  ).toContainText(`Given to ${person}.`);
  await expect(choice).toHaveValue(/^\d+$/);
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'booking-assignee');
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await card.screenshot({ path: `${SHOTS}/booking-assignee-card-${width}.png` });
    }
  }

  const confirmation = await latestMailTo(visitor.email, since, /^Booked:/);
  expect(confirmation.subject).toContain(`with ${person}`);
  expect(confirmation.text).toContain(`With: ${person}`);
});
