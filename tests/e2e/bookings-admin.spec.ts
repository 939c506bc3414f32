import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { outboxMails } from './outbox';
import { expectNoSeriousA11yViolations } from './support';
import { signInAsOwner, DASHBOARD_HYDRATION_TIMEOUT } from './support.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

interface Slot {
  start: string;
  end: string;
}

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title });
const bookingCard = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(`^${name},`) });

/** A visitor books through the public API, as the booking page does (its own zone, a phone number). */
async function book(request: APIRequestContext, baseURL: string, slot: Slot, visitor: { name: string; email: string; note: string }) {
  const response = await request.post('/api/bookings', {
    headers: { Origin: baseURL },
    data: { type: 'free-consultation', start: slot.start, ...visitor, phone: '+1 555 0100', tz: 'Asia/Tokyo' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * From the shown week, forward until a block of `name` shows (the first free slot may be next week).
 * Each week is judged once its bookings have loaded (the panel says what it holds), never while it
 * is still loading: a slow answer must not send the walk past the booking's week.
 */
async function weekShowing(page: Page, name: string): Promise<Locator> {
  const panel = page.getByRole('tabpanel', { name: 'Week' });
  const block = panel.getByRole('button', { name: new RegExp(`${name}\\W+Free consultation`) }).locator('visible=true');
  const loaded = panel.getByText(/^(Nothing booked this week\.|Choose a consultation to see its details\.)$/);
  const heading = panel.getByRole('heading', { level: 3 });
  for (let step = 0; step < 6; step++) {
    await expect(loaded).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
    if (await block.first().isVisible()) break;
    const shown = await heading.textContent();
    await panel.getByRole('button', { name: 'Next week' }).click();
    await expect(heading).not.toHaveText(shown ?? '');
  }
  await expect(block.first()).toBeVisible();
  return block.first();
}

async function fullPageShot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: file, fullPage: true });
}

test('the owner sees booked consultations as a list and a week, edits the settings, and cancels one with a message', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const visitor = { name: `Aiko Booker ${stamp}`, email: `aiko+${stamp}@example.jp`, note: `Mastering an EP, five songs. Ref ${stamp}` };

  // The first visitor wrote through the contact form before booking: the booking links to that enquiry.
  const enquiry = `Hello, five songs to master. Enquiry ${stamp}`;
  const sent = await page.request.post('/api/contact', {
    data: { name: visitor.name, email: visitor.email, message: enquiry },
    headers: { Origin: baseURL! },
  });
  expect(sent.status()).toBe(201);

  // Three visitors book: the first free slot, a later one that day, and one on another day.
  const slotsAnswer = await page.request.get('/api/booking/slots?type=free-consultation');
  expect(slotsAnswer.ok()).toBe(true);
  const { slots } = (await slotsAnswer.json()) as { slots: Slot[] };
  expect(slots.length).toBeGreaterThan(10);
  const first = slots[0];
  const sameDay = slots[4];
  const otherDay = slots.find(
    (slot) => slot.start.slice(0, 10) !== first.start.slice(0, 10) && Date.parse(slot.start) - Date.parse(first.start) > 20 * 3600_000,
  )!;
  await book(page.request, baseURL!, first, visitor);
  await book(page.request, baseURL!, sameDay, { name: `Ben Later ${stamp}`, email: `ben+${stamp}@example.com`, note: '' });
  await book(page.request, baseURL!, otherDay, { name: `Cleo Other ${stamp}`, email: `cleo+${stamp}@example.com`, note: 'Mixing' });

  // The dashboard card counts this week's and leads to the area.
  await signInAsOwner(page, '/manage');
  const card = page.getByRole('link', { name: /^Consultations today/ });
  await expect(card).toContainText('Next consultation');
  await card.click();
  await expect(page).toHaveURL(/\/manage\/bookings$/);

  // The list: the visitor's answers, their own time, how to reach them; no no-show mark before it starts.
  const booked = bookingCard(page, visitor.name);
  await expect(booked).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  await expect(booked).toContainText(visitor.note);
  await expect(booked).toContainText('in Asia/Tokyo');
  await expect(booked).toContainText(/E[SD]T/);
  await expect(booked.getByRole('link', { name: visitor.email })).toHaveAttribute('href', `mailto:${visitor.email}`);
  await expect(booked.getByRole('link', { name: /^Phone call/ })).toHaveAttribute('href', 'tel:+15550100');
  await expect(booked.getByRole('button', { name: 'Mark as no-show' })).toHaveCount(0);

  // The owner's own notes are kept.
  await booked.getByLabel('Your notes').fill('Wants a loud master');
  await booked.getByRole('button', { name: 'Save notes' }).click();
  await expect(toast(page)).toContainText('Notes saved');

  // "Create project" opens the New project dialog prefilled from the booking.
  await booked.getByRole('button', { name: `Create project for ${visitor.name}` }).click();
  const newProject = page.getByRole('dialog', { name: 'New project' });
  await expect(newProject.getByLabel('Title')).toHaveValue(`${visitor.name}'s project`);
  await expect(newProject.getByLabel('Client e-mail')).toHaveValue(visitor.email);
  await expect(newProject.getByLabel('Notes')).toHaveValue(visitor.note);
  await page.keyboard.press('Escape');
  await expect(newProject).toHaveCount(0);

  // Their enquiry opens in the inbox, expanded.
  await booked.getByRole('link', { name: 'Open their enquiry' }).click();
  await expect(page).toHaveURL(/\/manage\?tab=contacts&enquiry=\d+$/);
  await expect(page.getByRole('tab', { name: 'Contact Submissions' })).toHaveAttribute('aria-selected', 'true');
  const opened = page.getByRole('button', { name: new RegExp(`^${visitor.name}`), expanded: true });
  await expect(opened).toBeFocused();
  await expect(page.getByText(enquiry)).toBeVisible();

  // The week view, on the week of the booking, keyboard-reachable blocks that open the booking.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/manage/bookings');
    await expect(bookingCard(page, visitor.name)).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await fullPageShot(page, `${SHOTS}/bookings-list-${width}.png`);

    await page.getByRole('tab', { name: 'Week' }).click();
    await expect(page).toHaveURL(/\/manage\/bookings\/week$/);
    const block = await weekShowing(page, visitor.name);
    await block.focus();
    await page.keyboard.press('Enter');
    await expect(block).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name: new RegExp(`^${visitor.name},`) })).toContainText('Wants a loud master');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await fullPageShot(page, `${SHOTS}/bookings-week-${width}.png`);

    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(section(page, 'Consultation types')).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await fullPageShot(page, `${SHOTS}/bookings-settings-${width}.png`);
    // The save bar sticks to the foot of the window (a full-page shot cannot show where).
    await section(page, 'Weekly hours').scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bookings-settings-window-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Settings: a longer consultation and a date off, saved, there after a reload.
  await page.goto('/manage/bookings/settings');
  const types = section(page, 'Consultation types');
  const length = types.getByLabel('Length (minutes)');
  await expect(length).toHaveValue('20', { timeout: DASHBOARD_HYDRATION_TIMEOUT });
  await length.fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(types.getByText('Length must be a number of minutes')).toBeVisible();
  await length.fill('25');
  const datesOff = section(page, 'Dates off');
  await datesOff.getByRole('button', { name: 'Add dates off' }).click();
  await datesOff.getByLabel('First day').fill('2027-12-24');
  await datesOff.getByLabel('Last day').fill('2027-12-26');
  await datesOff.getByLabel('Label').fill('Holidays');
  if (SHOTS) await datesOff.screenshot({ path: `${SHOTS}/bookings-dates-off-1440.png` });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page)).toContainText('Booking settings saved');
  await page.reload();
  await expect(section(page, 'Consultation types').getByLabel('Length (minutes)')).toHaveValue('25', {
    timeout: DASHBOARD_HYDRATION_TIMEOUT,
  });
  await expect(section(page, 'Dates off').getByLabel('Label')).toHaveValue('Holidays');
  await expect(section(page, 'Dates off').getByLabel('First day')).toHaveValue('2027-12-24');
  // A save from elsewhere meanwhile: this editor's save is refused and offers a reload.
  const current = (await (await page.request.get('/api/admin/booking/settings')).json()) as { version: number; settings: unknown };
  const elsewhere = await page.request.put('/api/admin/booking/settings', {
    headers: { Origin: baseURL! },
    data: { version: current.version, settings: current.settings, feedUrl: '' },
  });
  expect(elsewhere.status()).toBe(200);
  await section(page, 'Consultation types').getByLabel('Length (minutes)').fill('20');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed elsewhere' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(section(page, 'Consultation types').getByLabel('Length (minutes)')).toHaveValue('25');
  // Back to 20 minutes, so other journeys on this server book the shipped shape.
  await section(page, 'Consultation types').getByLabel('Length (minutes)').fill('20');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page)).toContainText('Booking settings saved');

  // Cancel with a message: the visitor is told by e-mail, the booking moves to Cancelled.
  await page.getByRole('tab', { name: 'List' }).click();
  const upcoming = bookingCard(page, visitor.name);
  await upcoming.getByRole('button', { name: `Cancel the consultation with ${visitor.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this consultation?' });
  const message = `Sorry, I am in a session that day. Ref ${stamp}`;
  await dialog.getByLabel('Message to the visitor').fill(message);
  await dialog.getByRole('button', { name: 'Cancel consultation' }).click();
  await expect(toast(page)).toContainText(`${visitor.name} is being told by e-mail`);
  await expect(upcoming).toHaveCount(0);
  await page.getByLabel('Show').selectOption('cancelled');
  await expect(bookingCard(page, visitor.name)).toContainText(message);

  await expect
    .poll(() => outboxMails().find((mail) => mail.to === visitor.email && mail.subject.startsWith('Cancelled:'))?.text ?? '', {
      timeout: 20_000,
    })
    .toContain(message);
});
