import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { badge, deviceRow, openRowActions, searchDevices } from '../support/device-dashboard';
import { uniqueFleetPrefix } from '../support/device-fleet';
import { expectNowhereOnPage } from '../support/secrets';
import { startSignedIn } from '../support/session';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('registering a device shows its token once, with copy; rotating asks first and shows a new one', async ({
  page,
}) => {
  const name = uniqueFleetPrefix('registered');
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');

  await page.getByRole('button', { name: 'Register Device' }).click();
  const register = page.getByRole('dialog', { name: 'Register Device' });
  await register.getByRole('textbox', { name: 'Name' }).fill(name);
  await register.getByRole('textbox', { name: 'Label' }).fill('Front desk');
  await register.getByRole('textbox', { name: 'Notes' }).fill('Registered by the e2e suite');
  await register.getByRole('button', { name: 'Register', exact: true }).click();

  const registered = page.getByRole('dialog', { name: 'Device Registered' });
  await expect(registered.getByRole('alert')).toHaveText(
    `Copy the token for ${name} now and put it on the phone. It will not be shown again.`,
  );
  const tokenField = registered.getByRole('textbox', { name: 'Device token' });
  const token = await tokenField.inputValue();
  expect(token.length).toBeGreaterThan(20);

  await registered.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // Closing forgets it: nowhere on the page any more.
  await registered.getByRole('button', { name: 'Done' }).click();
  await expect(registered).toBeHidden();
  await expectNowhereOnPage(page, token, 'the device token');

  // The new device is listed, as a real phone (not simulated), offline until its agent connects.
  await searchDevices(page, name);
  const row = deviceRow(page, name);
  await expect(row).toContainText('Front desk');
  await expect(badge(row, 'Offline')).toBeVisible();
  await expect(badge(row, 'Simulated')).toHaveCount(0);

  // Rotating is never one click away: cancel changes nothing, confirm shows a different token once.
  await (await openRowActions(page, name)).getByRole('button', { name: `Rotate token of ${name}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Rotate Token' });
  await expect(confirm).toContainText(`Rotate the token of ${name}? The current token stops working at once`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'New Device Token' })).toHaveCount(0);

  await (await openRowActions(page, name)).getByRole('button', { name: `Rotate token of ${name}` }).click();
  confirm = page.getByRole('dialog', { name: 'Rotate Token' });
  await confirm.getByRole('button', { name: 'Rotate', exact: true }).click();
  const rotated = page.getByRole('dialog', { name: 'New Device Token' });
  const newToken = await rotated.getByRole('textbox', { name: 'Device token' }).inputValue();
  expect(newToken.length).toBeGreaterThan(20);
  expect(newToken).not.toBe(token);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(rotated).toBeHidden();
  await expectNowhereOnPage(page, newToken, 'the rotated token');
});

test('the device detail page shows Basic Information, Telemetry, Health Check and Connection Log', async ({ page }) => {
  const name = uniqueFleetPrefix('detail');
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
  await page.getByRole('button', { name: 'Register Device' }).click();
  const register = page.getByRole('dialog', { name: 'Register Device' });
  await register.getByRole('textbox', { name: 'Name' }).fill(name);
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByRole('dialog', { name: 'Device Registered' }).getByRole('button', { name: 'Done' }).click();

  await searchDevices(page, name);
  await deviceRow(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveTitle('Device Detail');
  await expect(page).toHaveURL(/\/device\/[^/]+$/);
  for (const heading of ['Basic Information', 'Telemetry', 'Health Check', 'Connection Log']) {
    await expect(page.getByRole('heading', { name: heading, level: 2, exact: true })).toBeVisible();
  }
  const basic = page.getByRole('region', { name: 'Basic Information' });
  await expect(basic).toContainText(name);
  await expect(basic).toContainText('No: a real phone');
  await expect(page.getByRole('region', { name: 'Telemetry' })).toContainText('No telemetry yet');
  await expect(page.getByRole('table', { name: 'Health Check History' })).toContainText(
    'No health checks have run yet.',
  );
  await expect(page.getByRole('region', { name: 'Connection Log' })).toContainText('No connections yet.');
  await page.getByRole('link', { name: 'Back to Device Dashboard' }).click();
  await expect(page).toHaveTitle('Device Dashboard');
});
