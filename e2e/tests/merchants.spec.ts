import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { expectNowhereOnPage } from '../support/secrets';
import { startSignedIn } from '../support/session';

test('an Admin adds a merchant, copies its webhook secret once, edits its terms and suspends it', async ({ page }) => {
  const code = `E2E-${Date.now() % 1_000_000}`;
  const name = `Toko ${code}`;
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/merchant');
  await expect(page).toHaveTitle('Merchant Management');

  await page.getByRole('button', { name: 'Add merchant' }).click();
  const form = page.getByRole('dialog', { name: 'Add merchant' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await form.getByRole('textbox', { name: 'Deposit fee (%)' }).fill('2.5');
  await form.getByRole('textbox', { name: 'Minimum amount (IDR)' }).fill('10000');
  await form.getByRole('textbox', { name: 'Maximum amount (IDR)' }).fill('5000000');
  await form.getByRole('checkbox', { name: 'DANA' }).check();
  await form.getByRole('textbox', { name: /^Sites that may embed/ }).fill('https://shop.example.com');
  await form.getByRole('button', { name: 'Add merchant' }).click();

  const reveal = page.getByRole('dialog', { name: `${name} added` });
  const secretField = reveal.getByRole('textbox', { name: 'Webhook signing secret' });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await expectNoSeriousViolations(page, 'the webhook secret reveal');
  await reveal.getByRole('button', { name: 'Done' }).click();
  await expectNowhereOnPage(page, secret, 'The webhook secret');

  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  const row = page.getByRole('table', { name: 'Merchants' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code);
  await expect(row).toContainText('2.50%');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit merchant' });
  await expect(edit.getByRole('textbox', { name: 'Code' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Maximum amount (IDR)' }).fill('5000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('The maximum must not be below the minimum')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Maximum amount (IDR)' }).fill('9000000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: `Suspend ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(row).toContainText('Suspended');
  await expectNoSeriousViolations(page, 'Merchant Management');
});
