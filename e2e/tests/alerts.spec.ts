import { updateAlertRule } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { callApi, FIRST_ADMIN, signInByApi } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ALERTS_EMAIL } from '../support/e2e-env';
import { messagesTo } from '../support/mailbox';
import { startSignedIn } from '../support/session';

test('a phone that stops shows up in the bell and in the alerts mail, and an operator acknowledges it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await signInByApi(FIRST_ADMIN);
  // Offline for 0 minutes is enough in this run (the default waits 10).
  await callApi(
    { method: updateAlertRule.method, path: updateAlertRule.path.replace(':kind', 'device_offline') },
    { token: admin.accessToken, body: { enabled: true, thresholdMinutes: 0 } },
  );
  const fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('alert'), count: 1, failureRate: 0 });
  const phone = fleet.names[0] as string;

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/alerts');
  await expect(page).toHaveTitle('Alerts');
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table.getByRole('link', { name: phone })).toHaveCount(0);

  await fleet.stop();
  // Live: the bell and the list change without a reload.
  await expect(table.getByRole('link', { name: phone })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Alerts: \d+ needs? attention$/ })).toBeVisible();
  await expect
    .poll(async () => (await messagesTo(ALERTS_EMAIL)).some((m) => m.subject === `[Gerbang] Phone offline: ${phone}`), {
      timeout: 30_000,
    })
    .toBe(true);
  await expectNoSeriousViolations(page, 'the Alerts page');

  const row = table.getByRole('row').filter({ hasText: phone });
  await row.getByRole('button', { name: `Acknowledge the alert about ${phone}` }).click();
  await expect(row).toContainText('Acknowledged');
});
