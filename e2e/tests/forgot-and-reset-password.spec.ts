import { ROLE } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { ApiError, createActiveUser, signInByApi } from '../support/api';
import { ADMIN_URL } from '../support/e2e-env';
import { messagesTo, RESET_SUBJECT, waitForMailedLink } from '../support/mailbox';
import { currentPath, fillNewPassword, INVALID_CREDENTIALS_MESSAGE, submitSignIn } from '../support/pages';

test('a user resets a forgotten password from the mailed link; the old password stops working', async ({ page }) => {
  const user = await createActiveUser(ROLE.Staff, 'forgetful');
  const seen = (await messagesTo(user.email)).length;

  await page.goto('/auth/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Forgot Password');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();

  const { link } = await waitForMailedLink(user.email, { subject: RESET_SUBJECT, seen });
  expect(link.origin).toBe(ADMIN_URL);
  expect(link.pathname).toBe('/auth/reset-password');

  const newPassword = `${user.password}-renewed`;
  await page.goto(link.toString());
  await expect(page).toHaveTitle('Reset Password');
  await fillNewPassword(page, newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await submitSignIn(page, { email: user.email, password: user.password });
  await expect(page.getByText(INVALID_CREDENTIALS_MESSAGE)).toBeVisible();

  await page.reload();
  await submitSignIn(page, { email: user.email, password: newPassword });
  await expect.poll(() => currentPath(page)).toBe('/');
});

test('a reset link works only once', async ({ page }) => {
  const user = await createActiveUser(ROLE.Staff, 'reset-once');
  const seen = (await messagesTo(user.email)).length;
  await page.goto('/auth/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const { link } = await waitForMailedLink(user.email, { subject: RESET_SUBJECT, seen });

  await page.goto(link.toString());
  await fillNewPassword(page, `${user.password}-first`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await page.goto(link.toString());
  await fillNewPassword(page, `${user.password}-second`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This link is invalid, already used or expired.')).toBeVisible();
  await expect(signInByApi({ email: user.email, password: `${user.password}-second` })).rejects.toBeInstanceOf(
    ApiError,
  );
});

test('asking for a reset of an unknown email looks the same and sends nothing', async ({ page }) => {
  const email = 'nobody-here@e2e.gerbang.test';
  await page.goto('/auth/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();
  // Give a (wrongly) sent mail time to arrive before checking there is none.
  await page.waitForTimeout(1000);
  expect(await messagesTo(email)).toHaveLength(0);
});
