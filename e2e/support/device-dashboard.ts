import { expect, type Locator, type Page } from '@playwright/test';

/** The Device Dashboard as the English console shows it (apps/web/src/locales/en/devices.json). */
export const DEVICE_TABLE_NAME = 'Devices with presence, telemetry and health checks';

/** The device-level checks' columns: SMS, Network, IP, App (one status badge each per row). */
export const DEVICE_LEVEL_CHECKS = 4;

/** Narrows the dashboard to devices whose name contains `text` (other specs add devices too). */
export async function searchDevices(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

export function deviceTable(page: Page): Locator {
  return page.getByRole('table', { name: DEVICE_TABLE_NAME });
}

/** The row whose name link is exactly `name`. */
export function deviceRow(page: Page, name: string): Locator {
  return deviceTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** A badge (presence, health status, 'Simulated', ...) in a row, by its exact words. */
export function badge(scope: Locator, text: string): Locator {
  return scope.getByText(text, { exact: true });
}

/** A summary card ("Online 5 of 12"), a button that filters the list to what it counts. */
export function summaryCard(page: Page, term: 'Online' | 'Offline' | 'Busy' | 'Healthy' | 'Failing'): Locator {
  return page.getByRole('region', { name: 'Fleet summary' }).getByRole('button', { name: new RegExp(`^${term}\\b`) });
}

/** Waits until a summary card shows `count` (of whatever total). */
export async function expectSummaryCount(page: Page, term: Parameters<typeof summaryCard>[1], count: number) {
  await expect(summaryCard(page, term).locator('[data-count]')).toHaveText(new RegExp(`^${count}\\s*of \\d+$`));
}

/** Every device-level check of the row shows `status` ('Checking', 'OK', 'Failed'). */
export async function expectChecks(row: Locator, status: string, timeout?: number): Promise<void> {
  await expect(badge(row, status)).toHaveCount(DEVICE_LEVEL_CHECKS, { timeout });
}

/** The count a summary card shows now (NaN while it loads). */
export async function summaryCount(page: Page, term: Parameters<typeof summaryCard>[1]): Promise<number> {
  const text = await summaryCard(page, term).locator('[data-count]').textContent();
  return Number.parseInt(text ?? '', 10);
}

/** Opens a device row's actions (dense rows keep them behind one button) and returns the panel. */
export async function openRowActions(page: Page, name: string): Promise<Locator> {
  await deviceRow(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  const panel = page.getByRole('group', { name: `Actions for ${name}` });
  await expect(panel).toBeVisible();
  return panel;
}
