import { checkProxy, createProxy, type ProxyEntry, ROLE, runHealthChecks } from '@gerbang/contract';
import { expect, type Page, test } from '@playwright/test';
import { callApi, FIRST_ADMIN, inviteByApi, signInByApi, uniqueEmail } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { badge, deviceRow, expectChecks, openRowActions, searchDevices } from '../support/device-dashboard';
import { type SimulatedDevice, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { consoleUrl, MERCHANT_URL } from '../support/e2e-env';
import { ADMIN_PAGES, AUTH_PAGES, CUSTOMER_PAGES, MERCHANT_PAGES } from '../support/pages';
import { closedPort, startHttpProxy } from '../support/proxy-servers';
import { startSignedIn } from '../support/session';

async function openAndScan(page: Page, url: string, title: string, what = url): Promise<void> {
  await page.goto(url);
  await expect(page, what).toHaveTitle(title);
  // Scan the settled page, not its loading state.
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, what);
}

test('admin auth and customer pages, signed out, light and dark', async ({ page }) => {
  for (const { path, title } of [...AUTH_PAGES, ...CUSTOMER_PAGES]) await openAndScan(page, path, title);
  await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
  for (const { path, title } of [...AUTH_PAGES, ...CUSTOMER_PAGES])
    await openAndScan(page, path, title, `${path} (dark)`);
});

// One test per theme: a walk of every page with axe takes most of a minute on a busy machine.
test('every admin page, signed in as Admin, light', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  for (const { path, title } of [...ADMIN_PAGES, ...CUSTOMER_PAGES]) await openAndScan(page, path, title);
});

test('every admin page, signed in as Admin, dark', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
  for (const { path, title } of ADMIN_PAGES) await openAndScan(page, path, title, `${path} (dark)`);
});

test('the user detail page and the user dialogs', async ({ page }) => {
  const email = uniqueEmail('axe');
  const user = await inviteByApi({ email, name: 'Axe Subject', roleId: ROLE.Staff });
  await startSignedIn(page, FIRST_ADMIN);
  await openAndScan(page, `/user/${user.id}`, 'User Detail');

  await page.goto('/user');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'invite dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Edit Axe Subject' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'edit dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Disable Axe Subject' }).click();
  await expect(page.getByRole('dialog', { name: 'Disable User' })).toBeVisible();
  await expectNoSeriousViolations(page, 'disable confirmation dialog');
});

test('the console shell with the mobile sidebar open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, FIRST_ADMIN);
  await openAndScan(page, '/user', 'User Management', '/user at 360 px');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectNoSeriousViolations(page, 'open mobile sidebar');
});

test('the merchant console: its auth pages and the sign-in its protected pages lead to', async ({ page }) => {
  for (const { path, title } of AUTH_PAGES) await openAndScan(page, `${MERCHANT_URL}${path}`, title);
  for (const { path } of MERCHANT_PAGES) {
    await page.goto(`${MERCHANT_URL}${path}`);
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=/);
  }
  await expectNoSeriousViolations(page, 'merchant sign-in with redirect');
});

test('the merchant console tells an admin-console user it is the wrong console', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/`);
  await expect(page.getByRole('heading', { name: 'This is not your console' })).toBeVisible();
  await expectNoSeriousViolations(page, 'merchant wrong-console page');
});

test('the bisnis builds, light and dark', async ({ page }) => {
  for (const target of ['admin-bisnis', 'merchant-bisnis'] as const) {
    await openAndScan(page, `${consoleUrl(target)}/auth/signin`, 'Sign In', `${target} sign-in`);
    await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
    await openAndScan(page, `${consoleUrl(target)}/auth/signin`, 'Sign In', `${target} sign-in (dark)`);
  }
  await startSignedIn(page, FIRST_ADMIN, consoleUrl('admin-bisnis'));
  await openAndScan(page, `${consoleUrl('admin-bisnis')}/user`, 'User Management', 'admin-bisnis /user');
});

test('the device dashboard with simulated devices listed, its dialogs, and the device detail page', async ({
  page,
}) => {
  const prefix = uniqueFleetPrefix('axe');
  const fleet = await startSimulatedFleet({ prefix, count: 3, failureRate: 0, latencyMs: 200 });
  try {
    const [checked, idle] = fleet.devices as [SimulatedDevice, SimulatedDevice];
    // One device with finished checks (badges with times, history rows), the others never checked.
    const admin = await signInByApi(FIRST_ADMIN);
    await callApi(runHealthChecks, {
      token: admin.accessToken,
      body: { deviceIds: [checked.deviceId], type: 'device' },
    });

    await startSignedIn(page, FIRST_ADMIN);
    await page.goto('/');
    await searchDevices(page, prefix);
    const row = deviceRow(page, checked.name);
    await expectChecks(row, 'OK');
    await expect(badge(deviceRow(page, idle.name), 'Online')).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${idle.name}` }).check();
    await expectNoSeriousViolations(page, 'dashboard with devices and a selection');

    await page.getByRole('button', { name: 'Register Device' }).click();
    await expect(page.getByRole('dialog', { name: 'Register Device' })).toBeVisible();
    await expectNoSeriousViolations(page, 'register device dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await (await openRowActions(page, idle.name)).getByRole('button', { name: `Rotate token of ${idle.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Rotate Token' })).toBeVisible();
    await expectNoSeriousViolations(page, 'rotate token confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const actions = await openRowActions(page, checked.name);
    await expectNoSeriousViolations(page, 'a device row with its actions open');
    await actions.getByRole('button', { name: `Edit ${checked.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Device' })).toBeVisible();
    await expectNoSeriousViolations(page, 'edit device dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/device/${checked.deviceId}`);
    await expect(page).toHaveTitle('Device Detail');
    // Header row plus the four runs; the connection log has the phone's open connection.
    await expect(page.getByRole('table', { name: 'Health Check History' }).getByRole('row')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Connection Log' })).toContainText('Still connected');
    await expectNoSeriousViolations(page, 'device detail with history and connections');

    await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
    await page.goto('/');
    await searchDevices(page, prefix);
    await expectChecks(deviceRow(page, checked.name), 'OK');
    await expectNoSeriousViolations(page, 'dashboard with devices (dark)');
  } finally {
    await fleet.stop();
  }
});

test('the proxy page with checked rows, and its dialogs', async ({ page }) => {
  const proxy = await startHttpProxy();
  try {
    const admin = await signInByApi(FIRST_ADMIN);
    const label = uniqueFleetPrefix('axe-proxy');
    for (const port of [proxy.port, await closedPort()]) {
      const created = await callApi<ProxyEntry>(createProxy, {
        token: admin.accessToken,
        body: { type: 'http', host: '127.0.0.1', port, label, username: 'axe', password: 'axe-password' },
      });
      await callApi(checkProxy, { token: admin.accessToken, params: { id: created.id } });
    }

    await startSignedIn(page, FIRST_ADMIN);
    await page.goto('/proxy');
    await page.getByRole('searchbox', { name: 'Search' }).fill(label);
    const table = page.getByRole('table', { name: 'Proxies' });
    await expect(table.getByRole('row').filter({ hasText: label })).toHaveCount(2);
    await expect(table).toContainText('exit IP 127.0.0.1');
    await expect(table).toContainText('Connection refused');
    await expectNoSeriousViolations(page, 'proxy page with OK and failed rows');

    await page.getByRole('button', { name: 'Add Proxy' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Proxy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'add proxy dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Edit ${proxy.address}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Proxy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'edit proxy dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete ${proxy.address}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Proxy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'delete proxy confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Bulk Import Proxies' });
    await importDialog.getByRole('textbox', { name: 'Proxies, one per line' }).fill('not a proxy line');
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await expect(importDialog.getByRole('list', { name: 'Lines that were not imported' })).toBeVisible();
    await expectNoSeriousViolations(page, 'bulk import dialog with a per-line error');
  } finally {
    await proxy.close();
  }
});
