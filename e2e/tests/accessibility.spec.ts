import AxeBuilder from '@axe-core/playwright';
import { ROLE } from '@gerbang/contract';
import { expect, type Page, test } from '@playwright/test';
import { FIRST_ADMIN, inviteByApi, uniqueEmail } from '../support/api';
import { consoleUrl, MERCHANT_URL } from '../support/e2e-env';
import { ADMIN_PAGES, AUTH_PAGES, CUSTOMER_PAGES, MERCHANT_PAGES } from '../support/pages';
import { startSignedIn } from '../support/session';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe on what the page shows now; fails listing every serious or critical violation. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n    ')}`,
    );
  expect(blocking, `axe on ${what}:\n${blocking.join('\n')}`).toEqual([]);
}

async function openAndScan(page: Page, url: string, title: string, what = url): Promise<void> {
  await page.goto(url);
  await expect(page, what).toHaveTitle(title);
  // Scan the settled page, not its loading state.
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, what);
}

test('admin auth and customer pages, signed out, light and dark', async ({ page }) => {
  for (const { path, title } of [...AUTH_PAGES, ...CUSTOMER_PAGES]) await openAndScan(page, path, title);
  await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
  for (const { path, title } of [...AUTH_PAGES, ...CUSTOMER_PAGES])
    await openAndScan(page, path, title, `${path} (dark)`);
});

test('every admin page, signed in as Admin, light and dark', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  for (const { path, title } of [...ADMIN_PAGES, ...CUSTOMER_PAGES]) await openAndScan(page, path, title);
  await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
  for (const { path, title } of ADMIN_PAGES) await openAndScan(page, path, title, `${path} (dark)`);
});

test('the user detail page and the user dialogs', async ({ page }) => {
  const email = uniqueEmail('axe');
  const user = await inviteByApi({ email, name: 'Axe Subject', roleId: ROLE.Staff });
  await startSignedIn(page, FIRST_ADMIN);
  await openAndScan(page, `/user/${user.id}`, 'User Detail');

  await page.goto('/user');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'invite dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Edit Axe Subject' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'edit dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Disable Axe Subject' }).click();
  await expect(page.getByRole('dialog', { name: 'Disable User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'disable confirmation dialog');
});

test('the console shell with the mobile sidebar open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, FIRST_ADMIN);
  await openAndScan(page, '/user', 'User Management', '/user at 360 px');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectNoSeriousViolations(page, 'open mobile sidebar');
});

test('the merchant console: its auth pages and the sign-in its protected pages lead to', async ({ page }) => {
  for (const { path, title } of AUTH_PAGES) await openAndScan(page, `${MERCHANT_URL}${path}`, title);
  for (const { path } of MERCHANT_PAGES) {
    await page.goto(`${MERCHANT_URL}${path}`);
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=/);
  }
  await expectNoSeriousViolations(page, 'merchant sign-in with redirect');
});

test('the merchant console tells an admin-console user it is the wrong console', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/`);
  await expect(page.getByRole('heading', { name: 'This is not your console' })).toBeVisible();
  await expectNoSeriousViolations(page, 'merchant wrong-console page');
});

test('the bisnis builds, light and dark', async ({ page }) => {
  for (const target of ['admin-bisnis', 'merchant-bisnis'] as const) {
    await openAndScan(page, `${consoleUrl(target)}/auth/signin`, 'Sign In', `${target} sign-in`);
    await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
    await openAndScan(page, `${consoleUrl(target)}/auth/signin`, 'Sign In', `${target} sign-in (dark)`);
  }
  await startSignedIn(page, FIRST_ADMIN, consoleUrl('admin-bisnis'));
  await openAndScan(page, `${consoleUrl('admin-bisnis')}/user`, 'User Management', 'admin-bisnis /user');
});
