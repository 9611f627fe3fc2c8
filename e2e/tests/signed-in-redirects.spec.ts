import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { AUTH_PAGES, CUSTOMER_PAGES, currentPath, expectConsoleShell } from '../support/pages';
import { startSignedIn } from '../support/session';

test.beforeEach(async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
});

test('a signed-in user opening sign-in with a redirect goes to that page', async ({ page }) => {
  await page.goto('/auth/signin?redirect=%2Fuser');
  await expect.poll(() => currentPath(page)).toBe('/user');
  await expect(page).toHaveTitle('User Management');
});

test('a signed-in user opening an auth page without a redirect goes to "/"', async ({ page }) => {
  for (const { path } of AUTH_PAGES) {
    await page.goto(path);
    await expect.poll(() => currentPath(page), { message: path }).toBe('/');
    await expectConsoleShell(page);
  }
});

test('a redirect to another site is not followed', async ({ page }) => {
  await page.goto('/auth/signin?redirect=%2F%2Fexample.com%2Fphish');
  await expect.poll(() => currentPath(page)).toBe('/');
});

test('the four customer pages stay reachable while signed in', async ({ page }) => {
  for (const { path, title } of CUSTOMER_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    expect(currentPath(page)).toBe(path);
  }
});
