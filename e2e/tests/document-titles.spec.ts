import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { MERCHANT_URL } from '../support/e2e-env';
import { ADMIN_PAGES, AUTH_PAGES, expectConsoleShell } from '../support/pages';
import { startSignedIn } from '../support/session';

test('every admin page sets the document title from the route table', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  for (const { path, title } of ADMIN_PAGES) {
    await page.goto(path);
    await expectConsoleShell(page);
    await expect(page, path).toHaveTitle(title);
  }
});

test('titles follow in-app navigation, not only page loads', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
  await expect(page).toHaveTitle('Device Dashboard');
  const sidebar = page.getByRole('navigation', { name: /general/i });
  await sidebar.getByRole('link', { name: 'Proxy' }).click();
  await expect(page).toHaveTitle('Proxy Management');
  await sidebar.getByRole('link', { name: 'User' }).click();
  await expect(page).toHaveTitle('User Management');
});

test('the merchant console titles its auth pages', async ({ page }) => {
  for (const { path, title } of AUTH_PAGES) {
    await page.goto(`${MERCHANT_URL}${path}`);
    await expect(page, path).toHaveTitle(title);
  }
});
