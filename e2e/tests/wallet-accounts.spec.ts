import { checkProxy, createProxy, type ProxyEntry } from '@gerbang/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { callApi, FIRST_ADMIN, signInByApi } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { startHttpProxy } from '../support/proxy-servers';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
let stopProxy: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  await stopProxy?.();
  fleet = undefined;
  stopProxy = undefined;
});

const section = (page: Page, name: string): Locator => page.getByRole('region', { name });

/** The code the simulated phone received by SMS, once it has arrived. */
async function otpOn(running: SimulatedFleet, accountId: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = running.wallets.lastOtp(accountId)?.otp)).toMatch(/^\d{6}$/);
  return code as string;
}

async function runCheck(page: Page, type: string) {
  const health = section(page, 'Health Check');
  await health.getByRole('combobox', { name: 'Check' }).selectOption(type);
  await health.getByRole('button', { name: 'Run on 1 account' }).click();
}

test('an operator adds a DANA account, signs it in with the phone’s OTP, checks it, sees a customer’s transfer, and recovers it after an auto-disable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const prefix = uniqueFleetPrefix('wallet');
  fleet = await startSimulatedFleet({ prefix, count: 1, failureRate: 0, latencyMs: 300 });
  const phone = fleet.names[0] as string;
  const proxy = await startHttpProxy();
  stopProxy = () => proxy.close();
  const admin = await signInByApi(FIRST_ADMIN);
  const proxyEntry = await callApi<ProxyEntry>(createProxy, {
    token: admin.accessToken,
    body: {
      type: 'http',
      host: '127.0.0.1',
      port: proxy.port,
      label: prefix,
      username: 'e2e',
      password: 'e2e-password',
    },
  });
  await callApi(checkProxy, { token: admin.accessToken, params: { id: proxyEntry.id } });

  // Add the account from the DANA dashboard; the page of the new account opens.
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/dana');
  await expect(page).toHaveTitle('Wallet Dashboard');
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a DANA account' });
  await dialog.getByRole('searchbox', { name: 'Find a phone' }).fill(prefix);
  await expect(dialog.getByRole('combobox', { name: /Phone/ }).locator('option', { hasText: phone })).toHaveCount(1);
  await dialog.getByRole('combobox', { name: /Phone/ }).selectOption({ label: `${phone} (e2e fleet)` });
  const number = `08${String(Date.now()).slice(-10)}`;
  await dialog.getByRole('textbox', { name: /DANA mobile number/ }).fill(number);
  await dialog.getByRole('textbox', { name: /Holder name/ }).fill('Siti Rahma');
  await dialog.getByRole('textbox', { name: /Label/ }).fill(prefix);
  await dialog.getByLabel('PIN').fill('135790');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(page).toHaveTitle('Wallet Account');
  const accountId = page.url().split('/').pop() as string;
  await expect(section(page, 'Basic Information')).toContainText(number);
  await expect.poll(() => fleet?.wallets.accounts().some((a) => a.id === accountId)).toBe(true);

  // Route it through the checked proxy.
  const proxySection = section(page, 'Select Proxy');
  await proxySection
    .getByRole('combobox', { name: 'Proxy' })
    .selectOption({ label: `127.0.0.1:${proxy.port} (${prefix})` });
  await proxySection.getByRole('button', { name: 'Save proxy' }).click();
  await expect(proxySection).toContainText(`http://127.0.0.1:${proxy.port}`);
  await expect(proxySection).toContainText('Working');

  // Log in: the steps go live, the OTP dialog opens when the phone got its SMS.
  const login = section(page, 'Login Status');
  await login.getByRole('button', { name: 'Start login' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter the verification code' });
  await expect(otpDialog).toBeVisible();
  await expect(login.getByRole('listitem').filter({ hasText: 'Send OTP' })).toContainText('Done');
  await otpDialog.getByRole('textbox', { name: /Verification code/ }).fill(await otpOn(fleet, accountId));
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(login).toContainText('Logged in');
  await expect(login.getByRole('listitem').filter({ hasText: 'Verify OTP' })).toContainText('Done');

  // The three wallet checks run and pass; the balance the phone read shows.
  await runCheck(page, 'wallet');
  const health = section(page, 'Health Check');
  for (const label of ['DANA: Get Balance', 'Transfer Capability', 'Get Transaction History']) {
    await expect(health.getByRole('listitem').filter({ hasText: label })).toContainText('OK');
  }
  const balance = fleet.wallets.accounts().find((a) => a.id === accountId)?.balance as string;
  await expect(section(page, 'Basic Information')).toContainText(Number(balance).toLocaleString('en'));

  // The QR code is fetched and drawn.
  await section(page, 'QR Code').getByRole('button', { name: 'Fetch QR code' }).click();
  await expect(page.getByRole('img', { name: `QR code to pay into ${number}` })).toBeVisible();

  // A customer pays in: the transfer appears in the Transaction Logs without a reload.
  fleet.wallets.deliverTransfer(accountId, { amount: '150000', counterpartyName: 'Budi Santoso' });
  const logs = section(page, 'Transaction Logs');
  await expect(logs.getByRole('row').filter({ hasText: 'Budi Santoso' })).toContainText('150,000');

  await expectNoSeriousViolations(page, 'the wallet account page');

  // The app keeps crashing on balance reads: three failures in a row auto-disable the account.
  fleet.wallets.injectFault({ kind: 'app_crashed', accountId, on: 'get_balance', times: 'always' });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await runCheck(page, 'get_balance');
    await expect(health.getByRole('row').filter({ hasText: 'app crashed' })).toHaveCount(attempt);
  }
  const basic = section(page, 'Basic Information');
  await expect(basic).toContainText('Auto-disabled');
  const advanced = section(page, 'Advanced Settings');
  await expect(advanced).toContainText('Auto-disabled after 3 failures in a row: Get Balance — app crashed');
  fleet.wallets.clearFaults();
  await advanced.getByRole('button', { name: 'Enable account' }).click();
  await expect(basic.getByText('Active', { exact: true })).toBeVisible();
  // It moved money, so it can only be disabled, never deleted.
  await expect(advanced.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
});
