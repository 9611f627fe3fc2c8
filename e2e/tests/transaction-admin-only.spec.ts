import { ROLE } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { createActiveUser, FIRST_ADMIN } from '../support/api';
import { expectConsoleShell } from '../support/pages';
import { startSignedIn } from '../support/session';

const sidebarOf = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: /general/i });

test('an Admin sees the Transaction link and opens /transaction', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
  await expectConsoleShell(page);
  await expect(sidebarOf(page).getByRole('link', { name: 'Transaction', exact: true })).toBeVisible();
  await sidebarOf(page).getByRole('link', { name: 'Transaction', exact: true }).click();
  await expect(page).toHaveURL(/\/transaction$/);
  await expect(page.getByText('No access')).toHaveCount(0);
});

for (const [roleName, roleId] of [
  ['Staff', ROLE.Staff],
  ['Sub Admin', ROLE.SubAdmin],
  ['Phone Farm', ROLE.PhoneFarm],
] as const) {
  test(`/transaction is refused to ${roleName} and its sidebar link is hidden`, async ({ page }) => {
    const user = await createActiveUser(roleId, roleName.toLowerCase().replace(' ', '-'));
    await startSignedIn(page, user);
    await page.goto('/');
    await expectConsoleShell(page);
    await expect(sidebarOf(page).getByRole('link', { name: 'Transaction', exact: true })).toHaveCount(0);

    await page.goto('/transaction');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText('Your role does not allow you to open this page.')).toBeVisible();
  });
}
