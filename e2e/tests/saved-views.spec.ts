import { ROLE } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { createActiveUser } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { ADMIN_URL } from '../support/e2e-env';
import { startSignedIn } from '../support/session';

test("an operator saves a list's filters as a view, makes it the default, and the list opens with it", async ({
  page,
}) => {
  const staff = await createActiveUser(ROLE.Staff, 'views');
  await startSignedIn(page, staff, ADMIN_URL);
  await page.goto(`${ADMIN_URL}/transaction-session`);
  await page.getByLabel('Status').selectOption({ label: 'Time-out' });
  await expect(page).toHaveURL(/status=expired/);

  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save these filters' });
  await dialog.getByLabel('Name').fill('Expired today');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText('View “Expired today” saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByRole('button', { name: 'Default view ✓' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page, 'saved views');

  // Opened again without a filter in the address: the default view's filters, named in the picker.
  await page.goto(`${ADMIN_URL}/transaction-session`);
  await expect(page).toHaveURL(/status=expired/);
  await expect(page.getByLabel('Saved views')).toHaveValue(/.+/);
  await expect(page.getByLabel('Saved views').locator('option:checked')).toHaveText('Expired today (default)');
  await expect(page.getByLabel('Status')).toHaveValue('expired');

  // Deleted, it no longer opens the list.
  await page.getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByLabel('Saved views').locator('option')).toHaveCount(1);
  await page.goto(`${ADMIN_URL}/transaction-session`);
  await expect(page.getByLabel('Status')).toHaveValue('');
});
