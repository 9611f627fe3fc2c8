import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { API_URL, MERCHANT_URL } from '../support/e2e-env';
import { danaShop, readyDanaAccount } from '../support/money';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

test('a merchant refunds part of a paid session from its console: a phone pays it back to the account that paid', async ({
  page,
}) => {
  test.setTimeout(150_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('refund'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  const code = `RFND${Date.now() % 1_000_000}`;
  const { owner, v1 } = await danaShop(code);
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': code },
    body: JSON.stringify({ referenceNumber: code, amount: '120000', method: 'dana' }),
  });
  const session = (await created.json()) as { id: string; finalAmount: string };
  // The customer pays from their own DANA account, which the receiving account's history names.
  const sender = `0812${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  fleet.wallets.nameDestination(sender, 'SITI RAHAYU');
  fleet.wallets.deliverTransfer(account.id, {
    amount: session.finalAmount,
    counterpartyName: 'Siti Rahayu',
    counterpartyAccount: sender,
  });
  const read = async () =>
    (await (await fetch(`${API_URL}/v1/payment-sessions/${session.id}`, { headers: v1 })).json()) as {
      status: string;
      refundedAmount: string;
    };
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('success');

  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/transaction?session=${session.id}`);
  const detail = page.getByRole('dialog', { name: `Payment session ${code}` });
  const refunds = detail.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByText('No refunds.')).toBeVisible();
  await refunds.getByRole('button', { name: 'Refund' }).click();
  const form = page.getByRole('dialog', { name: `Refund ${code}` });
  await expect(form.getByText(/IDR\s?1\d\d,\d{3} is left to refund/)).toBeVisible();
  await form.getByLabel(/Amount to refund/).fill('50000');
  await form.getByLabel(/Reason/).fill('One item was out of stock');
  await expectNoSeriousViolations(page, 'refund form');
  await form.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(/Refund of IDR\s?50,000 started/)).toBeVisible();

  // The phone sends it; the session's detail shows it paid, to the payer's account.
  await expect(async () => {
    await page.reload();
    await expect(refunds.getByText('Paid')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(refunds.getByText(new RegExp(`To DANA ${sender} \\(SITI RAHAYU\\)`))).toBeVisible();
  await expect(refunds.getByText(/One item was out of stock/)).toBeVisible();
  await expectNoSeriousViolations(page, 'session with a refund');
  expect((await read()).refundedAmount).toBe('50000');
});
