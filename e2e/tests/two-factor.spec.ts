import { ROLE } from '@gerbang/contract';
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from '../support/api';
import { authenticatorCode } from '../support/authenticator';
import { expectNoSeriousViolations } from '../support/axe';
import { createDanaMerchant } from '../support/money';
import { expectConsoleShell, openAccountSecurity, signOut, submitSignIn } from '../support/pages';

async function enterCode(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('an operator turns on two-factor sign-in, signs in with a code, then once with a recovery code, and confirms a money action with a step-up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const operator = await createActiveUser(ROLE.SubAdmin, 'two-factor');
  const code = `TF${Date.now() % 1_000_000}`;
  const merchant = await createDanaMerchant(code);

  // Set up from the account menu: scan (here: read) the key, confirm with a first code.
  await page.goto('/auth/signin');
  await submitSignIn(page, operator);
  await expectConsoleShell(page);
  await openAccountSecurity(page, operator);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) as string;
  await expectNoSeriousViolations(page, 'the authenticator set-up');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeVisible();

  // Password, then the next code from the app.
  await signOut(page, operator);
  await submitSignIn(page, operator);
  await expectNoSeriousViolations(page, 'the code step of sign-in');
  await enterCode(page, authenticatorCode(secret, 1));
  await expectConsoleShell(page);

  // A recovery code signs in once; the second time it is refused.
  await signOut(page, operator);
  await submitSignIn(page, operator);
  await enterCode(page, recoveryCodes[0] as string);
  await expectConsoleShell(page);
  await signOut(page, operator);
  await submitSignIn(page, operator);
  await enterCode(page, recoveryCodes[0] as string);
  await expect(page.getByRole('alert')).toHaveText('The code is wrong or was already used.');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[1] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectConsoleShell(page);

  // Changing a merchant's terms moves money: once the proved factor is old (3 s in this run), the
  // console asks for a fresh one and then saves.
  await page.waitForTimeout(3_500);
  await page.goto('/merchant');
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  const row = page.getByRole('table', { name: 'Merchants' }).getByRole('row').filter({ hasText: merchant.name });
  await row.getByRole('button', { name: `Edit ${merchant.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit merchant' });
  await edit.getByRole('textbox', { name: 'Maximum amount (IDR)' }).fill('7000000');
  await edit.getByRole('button', { name: 'Save' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expectNoSeriousViolations(page, 'the step-up dialog');
  await stepUp.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[2] as string);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('7,000,000');
});
