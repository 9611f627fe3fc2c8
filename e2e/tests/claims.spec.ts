import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL, API_URL } from '../support/e2e-env';
import { danaShop, readyDanaAccount } from '../support/money';
import { startSignedIn } from '../support/session';

/** The smallest valid PNG (1×1): the customer's screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

test("a customer on a phone claims a payment that was not confirmed, with a screenshot; an operator finds the transfer from the claim and the customer's page turns paid", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('claim'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  const code = `CLM${Date.now() % 1_000_000}`;
  const { v1 } = await danaShop(code);
  // An amount no other test uses; the customer sends 500 more than asked, so nothing matches it by itself.
  const amount = 600_000 + (Date.now() % 400) * 100;
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': code },
    body: JSON.stringify({ referenceNumber: code, amount: String(amount), method: 'dana' }),
  });
  const session = (await created.json()) as { id: string; finalAmount: string };
  const sent = Number(session.finalAmount) + 500;

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const customer = await phone.newPage();
  await customer.goto(`${ADMIN_URL}/deposit?session=${session.id}`);
  await customer.getByRole('button', { name: 'I Have Transferred' }).click();
  fleet.wallets.deliverTransfer(account.id, { amount: String(sent), counterpartyName: 'LINA MARLINA' });
  await customer.getByRole('button', { name: 'I paid but it is not confirmed' }).click();
  await customer.getByLabel('Name on the account you paid from').fill('Lina Marlina');
  await customer.getByLabel(/Amount you sent/).fill(String(sent));
  await customer.getByLabel(/Screenshot of the transfer/).setInputFiles({
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expectNoSeriousViolations(customer, 'claim form at 360 px');
  await customer.getByRole('button', { name: 'Send claim' }).click();
  await expect(
    customer.getByText('We received your claim and are checking it. The answer will show here.'),
  ).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The operator: the claim waits on the desk; its session shows the proof and the transfer that may be it.
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto(`${ADMIN_URL}/transaction`);
  const claims = page.getByRole('region', { name: 'Customer claims' });
  const row = claims.getByRole('row').filter({ hasText: code });
  await expect(row.getByText('Waiting for review')).toBeVisible();
  await row.getByRole('button', { name: 'Show proof' }).click();
  await expect(row.getByRole('img', { name: 'Transfer proof sent by Lina Marlina' })).toBeVisible();
  await expectNoSeriousViolations(page, 'claims queue');
  await row.getByRole('button', { name: 'Open session' }).click();
  const detail = page.getByRole('dialog', { name: `Payment session ${code}` });
  await expect(
    detail.getByRole('region', { name: 'Customer claims' }).getByText(/Lina Marlina says they sent/),
  ).toBeVisible();
  const candidates = detail.getByRole('region', { name: 'Transfers that may be this payment' });
  await expect(async () => {
    await expect(candidates.getByRole('button', { name: 'Match to session' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await candidates.getByRole('button', { name: 'Match to session' }).click();
  const ask = page.getByRole('dialog', { name: 'Match to its session' });
  await ask.getByLabel(/Reason/).fill('The customer claimed it with a screenshot, 500 too much');
  await ask.getByRole('button', { name: 'Match' }).click();
  await expect(page.getByText('The session is paid.')).toBeVisible();

  // The customer's page follows: paid; the claim ended matched.
  await expect(customer.getByText('Transaction completed successfully!')).toBeVisible({ timeout: 15_000 });
  const seen = (await (await fetch(`${API_URL}/public/deposits/${session.id}/claims`)).json()) as { status: string }[];
  expect(seen.map((claim) => claim.status)).toEqual(['matched']);
  await phone.close();
});
