import { expect, type Page, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import {
  badge,
  deviceRow,
  deviceTable,
  expectChecks,
  expectSummaryCount,
  openRowActions,
  searchDevices,
  summaryCount,
} from '../support/device-dashboard';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { startSignedIn } from '../support/session';

const FLEET_SIZE = 5;

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

/** A mark on the page's window: still there at the end means nothing reloaded the page. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
}

async function openDashboardFor(page: Page, prefix: string) {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
  await expect(page).toHaveTitle('Device Dashboard');
  await searchDevices(page, prefix);
  await expect(deviceTable(page)).toContainText('No devices match.');
  await markPage(page);
}

test('simulated phones come online live, pass the checks run from the dashboard, and go offline when the simulator stops', async ({
  page,
}) => {
  const prefix = uniqueFleetPrefix('fleet');
  await openDashboardFor(page, prefix);

  fleet = await startSimulatedFleet({ prefix, count: FLEET_SIZE, failureRate: 0 });
  const [first, second, third] = fleet.names as [string, string, string];

  // Every phone shows up online, marked as simulated, without a reload; the counts follow.
  await expect(deviceTable(page).getByRole('link', { name: new RegExp(`^${prefix}-`) })).toHaveCount(FLEET_SIZE);
  for (const name of fleet.names) {
    const row = deviceRow(page, name);
    await expect(badge(row, 'Online')).toBeVisible();
    await expect(badge(row, 'Simulated')).toBeVisible();
  }
  await expectSummaryCount(page, 'Online', FLEET_SIZE);

  // One device: its four device-level checks show Checking at once, then OK as the phone answers.
  const firstRow = deviceRow(page, first);
  const firstActions = await openRowActions(page, first);
  await expect(firstActions.getByRole('combobox', { name: `Check type for ${first}` })).toHaveValue('device');
  await firstActions.getByRole('button', { name: `Run checks on ${first}` }).click();
  await expect(page.getByText('Started 4 checks.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectChecks(firstRow, 'Checking');
  await expectChecks(firstRow, 'OK');
  await expect(firstRow).toContainText('Finished');

  // A selection of two: both run, both end OK; the first device is not touched again.
  await page.getByRole('checkbox', { name: `Select ${second}` }).check();
  await page.getByRole('checkbox', { name: `Select ${third}` }).check();
  await expect(page.getByText('2 devices selected')).toBeVisible();
  await page.getByRole('button', { name: 'Run checks on 2 devices' }).click();
  await expect(page.getByText('Started 8 checks.')).toBeVisible();
  for (const name of [second, third]) await expectChecks(deviceRow(page, name), 'Checking');
  for (const name of [second, third]) await expectChecks(deviceRow(page, name), 'OK');
  await expect(page.getByText('0 devices selected')).toBeVisible();
  await expect.poll(() => summaryCount(page, 'Healthy')).toBeGreaterThanOrEqual(3);

  // The simulator stops: every phone goes offline at once (disconnects, not the presence timeout).
  await fleet.stop();
  for (const name of fleet.names) await expect(badge(deviceRow(page, name), 'Offline')).toBeVisible();
  await expectSummaryCount(page, 'Online', 0);
  await expectNotReloaded(page);
});

test('a phone whose checks fail shows Failed live, after Checking', async ({ page }) => {
  const prefix = uniqueFleetPrefix('failing');
  await openDashboardFor(page, prefix);
  fleet = await startSimulatedFleet({ prefix, count: 1, failureRate: 1 });
  const [name] = fleet.names as [string];
  const row = deviceRow(page, name);
  await expect(badge(row, 'Online')).toBeVisible();

  await (await openRowActions(page, name)).getByRole('button', { name: `Run checks on ${name}` }).click();
  await page.keyboard.press('Escape');
  await expectChecks(row, 'Checking');
  await expectChecks(row, 'Failed');
  await expect(badge(row, 'OK')).toHaveCount(0);

  // The detail page's history tells why, per run.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveTitle('Device Detail');
  const history = page.getByRole('table', { name: 'Health Check History' });
  await expect(history.getByRole('row').filter({ hasText: 'The check failed' })).toHaveCount(4);
  await expectNotReloaded(page);
});
