import { activate, ROLE } from '@gerbang/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  ApiError,
  callApi,
  createActiveUser,
  FIRST_ADMIN,
  inviteByApi,
  signInByApi,
  uniqueEmail,
} from '../support/api';
import { ACTIVATION_SUBJECT, messagesTo, waitForMailedLink } from '../support/mailbox';
import { currentPath, fillNewPassword, submitSignIn } from '../support/pages';
import { startSignedIn } from '../support/session';

/** Narrows the list to one user, so the suite's other users never push the row off the first page. */
async function showOnly(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

async function activateInFreshBrowser(browser: Browser, link: URL, credentials: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.toString());
  await fillNewPassword(page, credentials.password);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText('Your account is active.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await submitSignIn(page, credentials);
  await expect.poll(() => currentPath(page)).toBe('/');
  return { context, page };
}

test('an Admin invites a Staff user, who activates from the mailed link in their own browser', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('invitee');
  const password = 'invitee-password-e2e';
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');

  await page.getByRole('button', { name: 'Invite User' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite User' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(email);
  await invite.getByRole('textbox', { name: 'Name' }).fill('Invited Staff');
  await invite.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Staff' });
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(invite).toBeHidden();
  let row = await showOnly(page, email);
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Staff');

  const { link } = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT });
  expect(link.pathname).toBe('/auth/activate');
  const invitee = await activateInFreshBrowser(browser, link, { email, password });
  await invitee.context.close();

  await page.reload();
  row = await showOnly(page, email);
  await expect(row).toContainText('Active');
});

test("an Admin edits a user's name in the modal", async ({ page }) => {
  const user = await createActiveUser(ROLE.Staff, 'editable');
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');
  const row = await showOnly(page, user.email);
  await row.getByRole('button', { name: `Edit ${user.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('textbox', { name: 'Name' }).fill('Renamed Staff');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Renamed Staff has been updated.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('link', { name: 'Renamed Staff' })).toBeVisible();
  await page.reload();
  await expect((await showOnly(page, user.email)).getByRole('link', { name: 'Renamed Staff' })).toBeVisible();
});

test('disabling asks for confirmation, signs the user out and blocks sign-in; enabling lets them back', async ({
  browser,
  page,
}) => {
  const user = await createActiveUser(ROLE.Staff, 'disable');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await startSignedIn(userPage, user);
  await userPage.goto('/user');
  await expect(userPage).toHaveTitle('User Management');

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');
  const row = await showOnly(page, user.email);

  // Cancelling the confirmation changes nothing.
  await row.getByRole('button', { name: `Disable ${user.name}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Disable User' });
  await expect(confirm).toContainText(`Disable ${user.name}? They are signed out everywhere`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Disable ${user.name}` }).click();
  confirm = page.getByRole('dialog', { name: 'Disable User' });
  await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByText(`${user.name} has been disabled.`)).toBeVisible();
  await expect(row).toContainText('Disabled');

  // Their session has ended, and they cannot sign in again.
  await userPage.reload();
  await expect.poll(() => new URL(userPage.url()).pathname).toBe('/auth/signin');
  await submitSignIn(userPage, user);
  await expect(userPage.getByText('This account has been disabled. Contact an administrator.')).toBeVisible();

  await row.getByRole('button', { name: `Enable ${user.name}` }).click();
  await expect(page.getByText(`${user.name} has been enabled.`)).toBeVisible();
  await expect(row).toContainText('Active');
  await userPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => currentPath(userPage)).toBe('/user');
  await userContext.close();
});

test('resending activation mails a new link and the previous one stops working', async ({ page }) => {
  const email = uniqueEmail('resend');
  const user = await inviteByApi({ email, name: 'Waiting Invitee', roleId: ROLE.SubAdmin });
  const first = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT });
  const seen = (await messagesTo(email)).length;

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');
  const row = await showOnly(page, email);
  await row.getByRole('button', { name: 'Resend activation to Waiting Invitee' }).click();
  await expect(page.getByText(`A new activation link was sent to ${email}.`)).toBeVisible();

  const second = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT, seen });
  expect(second.link.searchParams.get('token')).not.toBe(first.link.searchParams.get('token'));
  await expect(
    callApi(activate, { body: { token: first.link.searchParams.get('token'), password: 'resend-password-e2e' } }),
  ).rejects.toBeInstanceOf(ApiError);
  await callApi(activate, { body: { token: second.link.searchParams.get('token'), password: 'resend-password-e2e' } });
  await expect(signInByApi({ email, password: 'resend-password-e2e' })).resolves.toMatchObject({
    user: { id: user.id },
  });
});

test('the user detail page shows the User Information section', async ({ page }) => {
  const email = uniqueEmail('detail');
  const user = await inviteByApi({ email, name: 'Detail Person', roleId: ROLE.PhoneFarm });
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');
  const row = await showOnly(page, email);
  await row.getByRole('link', { name: 'Detail Person' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${user.id}$`));
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});
