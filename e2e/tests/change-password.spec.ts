import { ROLE } from '@gerbang/contract';
import { expect, type Page, test } from '@playwright/test';
import { ApiError, createActiveUser, signInByApi } from '../support/api';
import { currentPath, expectConsoleShell, fillNewPassword, passwordField, submitSignIn } from '../support/pages';
import { startSignedIn } from '../support/session';

async function openChangePasswordFromUserMenu(page: Page, userName: string): Promise<void> {
  await page.goto('/');
  await expectConsoleShell(page);
  await page.getByRole('button', { name: new RegExp(userName) }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page).toHaveTitle('Change Password');
}

test('a signed-in user changes their password from the account menu; only the new one signs in', async ({ page }) => {
  const user = await createActiveUser(ROLE.Staff, 'changer');
  await startSignedIn(page, user);
  await openChangePasswordFromUserMenu(page, user.name);

  const newPassword = `${user.password}-changed`;
  await passwordField(page, 'Current Password').fill(user.password);
  await fillNewPassword(page, newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // This session stays signed in.
  await page.reload();
  await expectConsoleShell(page);

  await expect(signInByApi(user)).rejects.toBeInstanceOf(ApiError);
  await expect(signInByApi({ email: user.email, password: newPassword })).resolves.toMatchObject({
    user: { email: user.email },
  });
});

test('a wrong current password is refused and nothing changes', async ({ page }) => {
  const user = await createActiveUser(ROLE.Staff, 'wrong-current');
  await startSignedIn(page, user);
  await page.goto('/change-password');
  await passwordField(page, 'Current Password').fill('definitely-not-my-password');
  await fillNewPassword(page, `${user.password}-never`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expect(signInByApi(user)).resolves.toBeTruthy();
});

test('changing the password signs out the other sessions', async ({ browser, page }) => {
  const user = await createActiveUser(ROLE.Staff, 'two-sessions');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await startSignedIn(otherPage, user);
  await otherPage.goto('/user');
  await expectConsoleShell(otherPage);

  await startSignedIn(page, user);
  await page.goto('/change-password');
  await passwordField(page, 'Current Password').fill(user.password);
  await fillNewPassword(page, `${user.password}-rotated`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The other browser's session has ended: its next load lands on sign-in.
  await otherPage.reload();
  await expect.poll(() => currentPath(otherPage)).toBe(`/auth/signin?redirect=${encodeURIComponent('/user')}`);
  await submitSignIn(otherPage, { email: user.email, password: `${user.password}-rotated` });
  await expect.poll(() => currentPath(otherPage)).toBe('/user');
  await other.close();
});
