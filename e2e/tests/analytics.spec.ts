import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL } from '../support/e2e-env';
import { danaShop, fundMerchantByDeposit, readyDanaAccount } from '../support/money';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

test("an Admin reads money in and out by merchant, and a merchant's row opens the sessions it counts", async ({
  page,
}) => {
  test.setTimeout(150_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('stats'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  const code = `STAT${Date.now() % 1_000_000}`;
  const { merchant, owner } = await danaShop(code);
  await fundMerchantByDeposit(fleet, account, owner, '75000');

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto(`${ADMIN_URL}/analytics?by=merchant&days=1`);
  await expect(page).toHaveTitle('Analytics');
  const table = page.getByRole('table', { name: 'Figures by Merchant' });
  const row = table.getByRole('row').filter({ hasText: `Shop ${code}` });
  // Sessions 1, paid 1, success rate 100 %, IDR 75,000 in.
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('100%');
  await expect(row.getByText(/IDR\s75,000/)).toBeVisible();
  await expect(page.getByTestId('analytics-in')).not.toHaveText('');
  await expectNoSeriousViolations(page, 'analytics by merchant');

  await row.getByRole('link', { name: `Shop ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction-session\\?merchantId=${merchant.id}`));
  await expect(page.getByRole('table').getByText(/^FUND-/)).toBeVisible();
});
