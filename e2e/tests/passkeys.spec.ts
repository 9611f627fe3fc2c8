import { ROLE } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { createActiveUser } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { expectConsoleShell, openAccountSecurity, signOut, submitSignIn } from '../support/pages';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

test('an operator adds a passkey on Account Security, signs in with the password and the passkey, and confirms removing it with the passkey', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const operator = await createActiveUser(ROLE.SubAdmin, 'passkey');
  const authenticator = await addVirtualAuthenticator(page);

  // Add a passkey: named, made by the (virtual) platform authenticator, the first factor's codes shown once.
  await page.goto('/auth/signin');
  await submitSignIn(page, operator);
  await expectConsoleShell(page);
  await openAccountSecurity(page, operator);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeVisible();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Work laptop');
  await expect(passkeys).toContainText('not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoSeriousViolations(page, 'Account Security with a passkey');

  // Password, then the passkey.
  await signOut(page, operator);
  await submitSignIn(page, operator);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'the passkey step of sign-in');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expectConsoleShell(page);
  await openAccountSecurity(page, operator);
  await expect(passkeys).toContainText('last used');
  const [credential] = await authenticator.credentials();
  expect(credential?.signCount).toBeGreaterThan(0);

  // Removing it needs a fresh step-up (proved sign-in 3 s ago in this run): the passkey again.
  await page.waitForTimeout(3_500);
  await passkeys.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the step-up dialog with a passkey');
  await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeHidden();
});
