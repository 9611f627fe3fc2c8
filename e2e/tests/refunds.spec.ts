import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL, API_URL, MERCHANT_URL } from '../support/e2e-env';
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

test('an operator sends a transfer that paid nothing back to its sender: a phone pays it back from the account it arrived in', async ({
  page,
}) => {
  test.setTimeout(150_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('return'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  // An amount no other test uses: the transfer's row is found by it.
  const amount = 60_000 + (Date.now() % 400) * 100;
  const sender = `0813${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  fleet.wallets.nameDestination(sender, 'RINA WULANDARI');
  fleet.wallets.deliverTransfer(account.id, {
    amount: String(amount),
    counterpartyName: 'Rina Wulandari',
    counterpartyAccount: sender,
  });

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto(`${ADMIN_URL}/transaction?outcome=unmatched`);
  const incoming = page.getByRole('region', { name: 'Incoming transfers' });
  const shown = `IDR\u00a0${amount.toLocaleString('en-US')}`;
  const sendBack = incoming.getByRole('button', { name: `Send back to sender ${shown}` });
  await expect(async () => {
    await page.reload();
    await expect(sendBack).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await sendBack.click();
  const ask = page.getByRole('dialog', { name: 'Send back to the sender' });
  await expect(
    ask.getByText(new RegExp(`to Rina Wulandari \\(${sender}\\) from DANA ${account.accountNumber}`)),
  ).toBeVisible();
  await ask.getByLabel(/Reason/).fill('She paid the wrong shop');
  await expectNoSeriousViolations(page, 'send back to sender');
  await ask.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('Sending it back: a phone checks the account, then sends it.')).toBeVisible();

  // The phone checks the name and sends it; the transfer's row links the return, paid.
  const paid = incoming.getByRole('link', { name: 'Return to sender: Paid' });
  await expect(async () => {
    await page.reload();
    await expect(paid).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await paid.click();
  const detail = page.getByRole('dialog').filter({ hasText: 'Return to sender' });
  await expect(detail.getByText(`DANA ${sender}`)).toBeVisible();
  await expect(detail.getByText('None (a return to a sender)')).toBeVisible();
  await expectNoSeriousViolations(page, 'a return to a sender');
});
