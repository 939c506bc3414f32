import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import type { AdminSiteContent } from '#common/site-content/drafts.ts';
import { SITE_SECTIONS, type SiteSection } from '#common/site-content/sections.ts';
import { E2E_ADMIN } from '../../playwright.config';
import { gotoHydrated } from './support';

/*
 * What the site editor's journeys share: signing in, opening a section, reading the newest toast,
 * and putting the shared e2e server's content back for the journeys that come after.
 */

/** Logs in through the form when needed (never a failed attempt: failures count towards the shared login limit). */
export async function openDashboard(page: Page) {
  await gotoHydrated(page, '/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  if (!(await dashboard.isVisible())) {
    await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  // The shared test machine can be slow to log in and load the dashboard's data.
  await expect(dashboard).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Site', exact: true })).toBeVisible();
}

/** Opens a section of the Site tab (the dashboard must be open), by its name in the section list. */
export async function openSection(page: Page, name: string) {
  if (!(await page.getByRole('navigation', { name: 'Site sections' }).isVisible())) {
    await page.getByRole('tab', { name: 'Site', exact: true }).click();
  }
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible({ timeout: 20_000 });
}

/** The newest notification. */
export const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();

/** Saves the open section and waits for the editor to say so. */
export async function saveSection(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText(`${name} saved`);
}

/**
 * Every spec shares one server: the given sections (all by default) go back to the shipped text,
 * kept as new versions, and their drafts are discarded.
 */
export async function restoreOriginalContent(
  { playwright, baseURL }: Pick<PlaywrightWorkerArgs, 'playwright'> & { baseURL: string | undefined },
  sections: readonly SiteSection[] = SITE_SECTIONS,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
  try {
    expect((await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).ok()).toBe(true);
    const current = (await (await api.get('/api/admin/site')).json()) as AdminSiteContent;
    for (const section of sections) {
      if (current.drafts[section]) expect((await api.delete(`/api/admin/site/${section}/draft`)).ok()).toBe(true);
      if (current[section].version > 0) expect((await api.post(`/api/admin/site/${section}/restore-original`)).ok()).toBe(true);
    }
    await api.post('/api/admin/logout');
  } finally {
    await api.dispose();
  }
}
