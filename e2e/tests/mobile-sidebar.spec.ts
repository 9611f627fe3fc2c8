import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { startSignedIn } from '../support/session';

test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
});

const sidebarLink = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: /general/i }).getByRole('link', { name: 'Proxy' });

test('at 360 px the sidebar is hidden until the menu button opens it', async ({ page }) => {
  await expect(sidebarLink(page)).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(sidebarLink(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

  // The same button, now "Close menu", closes it (first: a close button inside the sidebar would do too).
  await page.getByRole('button', { name: 'Close menu' }).first().click({ timeout: 5_000 });
  await expect(sidebarLink(page)).toBeHidden();
});

test('Escape closes the open sidebar and returns focus to the menu button', async ({ page }) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebarLink(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebarLink(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('a click outside the open sidebar closes it', async ({ page }) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebarLink(page)).toBeVisible();
  // Right of the 256 px wide sidebar, on the dimmed page.
  await page.mouse.click(330, 500);
  await expect(sidebarLink(page)).toBeHidden();
});

test('following a sidebar link closes the sidebar and opens the page', async ({ page }) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await sidebarLink(page).click();
  await expect(page).toHaveURL(/\/proxy$/);
  await expect(page).toHaveTitle('Proxy Management');
  await expect(sidebarLink(page)).toBeHidden();
});

test('at 360 px the page does not scroll sideways', async ({ page }) => {
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
