import ICAL from 'ical.js';
import { expect, test, type Page } from '@playwright/test';
import { whenIn } from '#app/features/booking/booking-times.ts';
import { latestMailTo, type Mail } from './outbox';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

/** The server treats a form sent sooner than 2 s after it was opened as a bot (answered as booked, nothing stored or mailed). */
const HUMAN_FILL_MS = 2200;

type BookingMail = Mail & { icalEvent?: { method: string; content: string } };

const dayLinks = (page: Page) => page.getByRole('link', { name: /: \d+ free times$/ });
const timeLinks = (page: Page) => page.locator('section[aria-labelledby="booking-time-title"] ul a');
const linkIn = (mail: Mail, purpose: 'cancel' | 'reschedule') => new RegExp(`https?://\\S+/book/${purpose}/[\\w-]+`).exec(mail.text)?.[0];

/** Chooses the nth open day and its first time; answers the time's instant (ISO), read from its link. */
async function pickSlot(page: Page, dayIndex: number, timeIndex = 0): Promise<string> {
  await dayLinks(page).nth(dayIndex).click();
  const time = timeLinks(page).nth(timeIndex);
  const start = new URL((await time.getAttribute('href'))!, 'http://x').searchParams.get('start')!;
  await time.click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  return start;
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('Name').fill('Aiko Tanaka');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+81 3 1234 5678');
  await page.getByLabel('About your project (optional)').fill('Five songs for an EP, mixed and mastered by March.');
  await page.waitForTimeout(HUMAN_FILL_MS);
}

function invitationOf(mail: BookingMail) {
  expect(mail.icalEvent, mail.subject).toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent!.content));
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
}

test.describe('with JavaScript, in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a visitor books in place, gets the invitation by e-mail and cancels from its link', async ({ page }) => {
    const email = `tokyo-${Date.now()}@example.com`;
    await gotoHydrated(page, '/book');
    // The browser's zone replaces the studio's guess.
    await expect(page.getByLabel('Your time zone')).toHaveValue('Asia/Tokyo');
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));

    const start = await pickSlot(page, 1);
    await expect(page.getByTestId('chosen-slot')).toContainText('at the studio (New York)');
    await fillDetails(page, email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Book consultation' }).click();

    await expect(page.getByRole('heading', { name: 'You’re booked' })).toBeVisible();
    await expect(page.getByTestId('booking-when')).toContainText(whenIn(start, 'Asia/Tokyo'));
    await expect(page.getByTestId('booking-when')).toContainText(whenIn(start, 'America/New_York'));
    await expect(page.getByText('An e-mail with a calendar invitation is on its way')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveAttribute('href', /^\/book\/reschedule\//);
    // Booked without a page load: the window is the one the picker started in.
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

    const confirmation = (await latestMailTo(email, since, /^Booked/)) as BookingMail;
    const { calendar, event } = invitationOf(confirmation);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());

    const cancelLink = linkIn(confirmation, 'cancel');
    expect(cancelLink, confirmation.text).toBeTruthy();
    await page.goto(cancelLink!);
    await expect(page.getByRole('heading', { name: 'Cancel your consultation?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel consultation' }).click();
    await expect(page.getByRole('heading', { name: 'Your consultation is cancelled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', '/book');

    const cancellation = (await latestMailTo(email, since, /^Cancelled/)) as BookingMail;
    expect(invitationOf(cancellation).calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    // The link names a booking that can no longer change.
    await page.goto(cancelLink!);
    await expect(page.getByRole('heading', { name: 'This consultation was cancelled' })).toBeVisible();
  });

  test('a time taken meanwhile is refused with fresh times, without a reload', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/book');
    const start = await pickSlot(page, 2);
    // Someone else takes the same time first.
    const other = await page.request.post('/api/bookings', {
      headers: { Origin: baseURL! },
      data: {
        type: 'free-consultation',
        start,
        name: 'Quick Visitor',
        email: `quick-${Date.now()}@example.com`,
        phone: '+1 404 555 0100',
        tz: 'UTC',
      },
    });
    expect(other.status()).toBe(201);
    await fillDetails(page, `late-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Book consultation' }).click();

    await expect(page.getByRole('alert')).toContainText('that time was just taken');
    await expect(page.getByRole('heading', { name: 'Pick a day' })).toBeVisible();
    await expect(page.locator(`a[href*="start=${encodeURIComponent(start)}"]`)).toHaveCount(0);
    await expect(timeLinks(page).first()).toBeVisible();
  });

  test('moving a booking in place leaves only the new time on the page', async ({ page, baseURL }) => {
    const slots = (await (await page.request.get('/api/booking/slots?type=free-consultation')).json()) as { slots: { start: string }[] };
    const booked = await page.request.post('/api/bookings', {
      headers: { Origin: baseURL! },
      data: {
        type: 'free-consultation',
        start: slots.slots.at(-1)!.start,
        name: 'Mover Visitor',
        email: `mover-${Date.now()}@example.com`,
        phone: '+1 404 555 0100',
        tz: 'Asia/Tokyo',
      },
    });
    expect(booked.status()).toBe(201);
    const { links } = (await booked.json()) as { links: { reschedule: string } };
    await gotoHydrated(page, links.reschedule);
    await expect(page.getByText('stays booked at its current time')).toBeVisible();
    await dayLinks(page).nth(1).click();
    const time = timeLinks(page).first();
    const moved = new URL((await time.getAttribute('href'))!, 'http://x').searchParams.get('start')!;
    await time.click();
    await page.getByRole('button', { name: 'Move my consultation' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your consultation has a new time' })).toBeVisible();
    await expect(page.getByTestId('booking-when')).toHaveCount(1);
    await expect(page.getByTestId('booking-when')).toContainText(whenIn(moved, 'Asia/Tokyo'));
    await expect(page.getByText('stays booked at its current time')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your booking now' })).toHaveCount(0);
    await expect(page).toHaveURL(/\?moved=1$/);
  });

  test('an e-mailed link that names nothing is a 404 that says so', async ({ page }) => {
    const answer = await page.goto('/book/reschedule/not-a-real-token');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/book is one shared copy, made again before a booking answers: the time taken leaves it', async ({ page, request, baseURL }) => {
    await request.get('/book');
    const cached = await request.get('/book');
    expect(cached.headers()['x-page-cache']).toBe('hit');
    expect(cached.headers()['content-security-policy']).not.toContain('nonce-');
    // A step in the query string is never answered from it.
    expect((await request.get('/book?tz=Asia%2FTokyo')).headers()['x-page-cache']).toBeUndefined();

    await page.goto('/book');
    await dayLinks(page).nth(1).click();
    const href = (await timeLinks(page).first().getAttribute('href'))!;
    const start = new URL(href, 'http://x').searchParams.get('start')!;
    const booked = await request.post('/api/bookings', {
      headers: { Origin: baseURL! },
      data: {
        type: 'free-consultation',
        start,
        name: 'Shared Copy',
        email: `shared-${Date.now()}@example.com`,
        phone: '+1 404 555 0100',
        tz: 'UTC',
      },
    });
    expect(booked.status()).toBe(201);
    const after = await request.get('/book');
    expect(after.headers()['x-page-cache']).toBe('hit');
    expect(await after.text()).not.toContain(start);
    expect(await cached.text()).toContain(start);
  });

  test('a visitor chooses a zone, books, and moves the booking with plain links and forms', async ({ page }) => {
    const email = `nojs-${Date.now()}@example.com`;
    const first = await page.goto('/book');
    // The bare address is the shared copy; every step in the query string is the visitor's own.
    expect(first?.headers()['cache-control']).toContain('public');
    const zoneChosen = page.waitForResponse((response) => response.url().includes('tz=Europe%2FLondon'));
    await page.getByLabel('Your time zone').selectOption('Europe/London');
    await page.getByRole('button', { name: 'Show times' }).click();
    await expect(page).toHaveURL(/tz=Europe%2FLondon/);
    expect((await zoneChosen).headers()['cache-control']).toBe('private, no-store');

    const start = await pickSlot(page, 3);
    await fillDetails(page, email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Book consultation' }).click();

    await expect(page).toHaveURL(/\/book\/reschedule\/[\w-]+\?booked=1$/);
    await expect(page.getByRole('heading', { name: 'You’re booked' })).toBeVisible();
    await expect(page.getByTestId('booking-when')).toContainText(whenIn(start, 'Europe/London'));
    const booked = (await latestMailTo(email, since, /^Booked/)) as BookingMail;
    expect(invitationOf(booked).event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());

    await page.getByRole('link', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { name: 'Pick a new time' })).toBeVisible();
    await dayLinks(page).nth(4).click();
    const time = timeLinks(page).first();
    const moved = new URL((await time.getAttribute('href'))!, 'http://x').searchParams.get('start')!;
    await time.click();
    await page.getByRole('button', { name: 'Move my consultation' }).click();

    await expect(page.getByRole('heading', { name: 'Your consultation has a new time' })).toBeVisible();
    await expect(page.getByTestId('booking-when')).toContainText(whenIn(moved, 'Europe/London'));
    const rescheduled = (await latestMailTo(email, since, /^Moved/)) as BookingMail;
    expect(invitationOf(rescheduled).event.startDate.toJSDate().toISOString()).toBe(new Date(moved).toISOString());
  });
});

test.describe('spam, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a form caught as spam lands where a booking would: a confirmation address of the same shape, which names nothing', async ({
    page,
    baseURL,
  }) => {
    const slots = (await (await page.request.get('/api/booking/slots?type=free-consultation')).json()) as { slots: { start: string }[] };
    // Each on a time of its own: spam asking for a time just taken would be refused as a booking would (409).
    const post = (start: string, fields: Record<string, string> = {}) =>
      page.request.post('/book', {
        headers: { Origin: baseURL! },
        maxRedirects: 0,
        form: {
          type: 'free-consultation',
          start,
          name: 'Form Visitor',
          email: `form-${Date.now()}-${Math.random()}@example.com`,
          phone: '+1 404 555 0100',
          tz: 'UTC',
          ...fields,
        },
      });
    const real = await post(slots.slots.at(-3)!.start);
    const spam = await post(slots.slots.at(-6)!.start, { url_confirm: 'https://spam.example' });
    const shape = /^\/book\/reschedule\/[\w-]{43}\?booked=1$/;
    expect([real.status(), spam.status()]).toEqual([302, 302]);
    expect(real.headers().location).toMatch(shape);
    expect(spam.headers().location).toMatch(shape);
    expect(Object.keys(spam.headers()).sort()).toEqual(Object.keys(real.headers()).sort());

    const answer = await page.goto(spam.headers().location!);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const width of [390, 1440]) {
    test(`/book has no serious axe violations at ${width} px, at each step`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/book');
      await expectNoSeriousA11yViolations(page);
      await pickSlot(page, 0);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
