import { createWallet, runHealthChecks, type WalletAccount } from '@gerbang/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { callApi, FIRST_ADMIN, signInByApi } from '../support/api';
import { deviceRow, deviceTable, expectChecks, searchDevices } from '../support/device-dashboard';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { startSignedIn } from '../support/session';

/** A laptop operators actually use; the sidebar is open at this width. */
test.use({ viewport: { width: 1366, height: 768 } });

/** Tallest body row, in CSS pixels: one line of text or badges (a 32 px control at most) and padding. */
const ONE_LINE_ROW_MAX_PX = 48;

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

async function expectDense(table: Locator, rows: number) {
  await expect(table.locator('tbody tr')).toHaveCount(rows);
  const heights = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  expect(Math.max(...heights), `row heights ${heights.join(', ')}`).toBeLessThanOrEqual(ONE_LINE_ROW_MAX_PX);
  // The table's scroll box does not scroll sideways, and neither does the page.
  const box = await table.evaluate((el) => {
    const scroller = el.parentElement as HTMLElement;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth, page: document.documentElement.scrollWidth };
  });
  expect(box.scroll, `${(await table.getAttribute('aria-label')) ?? 'table'} scroll width`).toBeLessThanOrEqual(
    box.client,
  );
  expect(box.page, 'page scroll width').toBeLessThanOrEqual(1366);
}

async function fleetWithAccounts(page: Page) {
  const prefix = uniqueFleetPrefix('dense-with-a-long-name');
  fleet = await startSimulatedFleet({ prefix, count: 3, failureRate: 0, latencyMs: 100 });
  const admin = await signInByApi(FIRST_ADMIN);
  const ids = fleet.devices.map((device) => device.deviceId);
  await callApi(runHealthChecks, { token: admin.accessToken, body: { deviceIds: ids, type: 'device' } });
  for (const [index, deviceId] of ids.entries()) {
    await callApi<WalletAccount>(createWallet, {
      token: admin.accessToken,
      body: {
        deviceId,
        provider: 'dana',
        accountNumber: `08${String(Date.now()).slice(-9)}${index}`,
        holderName: 'Bartholomew Kusumawardhani Santoso',
        label: `${prefix} account ${index} with a long label`,
      },
    });
  }
  await startSignedIn(page, FIRST_ADMIN);
  return prefix;
}

test('dashboard rows stay on one line and nothing scrolls sideways at 1366 px', async ({ page }) => {
  const prefix = await fleetWithAccounts(page);

  await page.goto('/');
  await searchDevices(page, prefix);
  await expectChecks(deviceRow(page, fleet?.names[0] as string), 'OK');
  await expectDense(deviceTable(page), 3);

  await page.goto('/dana');
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expectDense(page.getByRole('table', { name: 'Accounts' }), 3);
});
