import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { ACTIVATION_LINK_ENV, ADMIN_URL } from '../support/e2e-env';
import { fillNewPassword, submitSignIn } from '../support/pages';

test('the first Admin sets a password from the link the server printed, then signs in', async ({ page }) => {
  const link = process.env[ACTIVATION_LINK_ENV];
  expect(link, 'global setup captures the printed activation line').toBeTruthy();
  const url = new URL(link as string);
  expect(url.origin).toBe(ADMIN_URL);
  expect(url.pathname).toBe('/auth/activate');

  await page.goto(url.toString());
  await expect(page).toHaveTitle('Activate Account');
  await expect(page.getByRole('heading', { name: 'Activate Account', level: 1 })).toBeVisible();
  await fillNewPassword(page, FIRST_ADMIN.password);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText('Your account is active.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await submitSignIn(page, FIRST_ADMIN);
  await expect(page).toHaveURL(`${ADMIN_URL}/`);
  await expect(page).toHaveTitle('Device Dashboard');
});

test('the printed activation link works only once', async ({ page }) => {
  await page.goto(process.env[ACTIVATION_LINK_ENV] as string);
  await fillNewPassword(page, 'another-password-for-admin');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText('This link is invalid, already used or expired.')).toBeVisible();
});
