import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page and fails on serious or critical violations, listing them. Colour
 * transitions still running (a tab just chosen fading to its colours) are let finish first: axe
 * judges the colours a person is left looking at, not a frame mid-fade.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated over the DevTools protocol, so the page's CSP (rightly) does not apply to it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * Opens a page and waits until React has hydrated it: a key or click that only JavaScript handles
 * (an arrow key in a menu, a button that opens a dialog) is lost when it comes before.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The server's throw-away data folder (outbox, objects, database), set by playwright.config.ts. */
export const e2eDataDir = () => process.env.E2E_DATA_DIR as string;

/** Runs only the named axe rules, whatever their impact (e.g. `heading-order`, a moderate one), and fails on any violation. */
export async function expectAxeRulesPass(page: Page, rules: string[]) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: only }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, rules);
  expect(violations, violations.join('\n')).toEqual([]);
}

/**
 * Holds the client entry back (React Router's, or the islands entry of a public page), so the page
 * is shown (and its native HTML works) but not hydrated, until the returned function is called.
 */
export async function holdClientEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(entry\.client|islands)-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A loaded machine can take a while to hydrate the dashboard. */
export const DASHBOARD_HYDRATION_TIMEOUT = 30_000;

/** Opens an admin address, logging in as the e2e owner when the login form shows instead of the dashboard. */
export async function signInAsOwner(page: Page, path: string) {
  await page.goto(path);
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  const username = page.getByLabel('Username');
  await expect(dashboard.or(username)).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  if (await username.isVisible()) {
    await username.fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await expect(dashboard).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
}
