import { createWithdrawalRequest, ROLE } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { callApi, createActiveUser, FIRST_ADMIN, signInByApi } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL, API_URL, MERCHANT_URL } from '../support/e2e-env';
import { webhookReceiver } from '../support/listen';
import {
  createDanaMerchant,
  createMerchantUser,
  fundMerchantByDeposit,
  readyDanaAccount,
  topUpSender,
} from '../support/money';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
const closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
  for (const close of closers.splice(0)) await close();
});

/** A shop with a ready phone, money earned through a deposit, and its owner's console login. */
async function shopWithMoney(code: string, callbackUrl?: string) {
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('payout'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  await topUpSender(fleet, account, '2000000');
  const merchant = await createDanaMerchant(code, callbackUrl ? { callbackUrl } : {});
  const owner = await createMerchantUser(merchant.id);
  await fundMerchantByDeposit(fleet, account, owner, '500000');
  return { fleet, account, merchant, owner };
}

/** The shop's API token for payouts, and a way to open a customer withdrawal of 25,000 with it. */
async function customerPayouts(shop: Awaited<ReturnType<typeof shopWithMoney>>, code: string) {
  const ownerToken = (await signInByApi(shop.owner)).accessToken;
  const token = (
    await (
      await fetch(`${API_URL}/api-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Payouts', scopes: ['withdrawals:write', 'withdrawals:read', 'balance:read'] }),
      })
    ).json()
  ).secret as string;
  let counter = 0;
  const payout = async (accountNumber: string, extra: { returnUrl?: string; holderName?: string } = {}) => {
    counter += 1;
    const response = await fetch(`${API_URL}/v1/withdrawals`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `${code}-${counter}`,
      },
      body: JSON.stringify({
        referenceNumber: `${code}-${counter}`,
        amount: '25000',
        provider: 'bri',
        accountNumber,
        ...extra,
      }),
    });
    expect(response.status).toBe(201);
    return (await response.json()).withdrawUrl as string;
  };
  return { token, payout };
}

test('a settlement: payout method verified by a phone, the request held, its maker refused as approver, a second operator approves and the phone pays; a lost outcome goes uncertain and is settled from the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const code = `OUT${Date.now() % 1_000_000}`;
  const receiver = await webhookReceiver();
  closers.push(receiver.close);
  const shop = await shopWithMoney(code, `${receiver.url}/gerbang`);
  shop.fleet.wallets.nameDestination('8610012345', 'PT E2E SHOP');

  // The merchant adds its bank account; a phone asks the bank whose it is.
  await startSignedIn(page, shop.owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/payout-methods`);
  await page.getByRole('button', { name: 'Add payout method' }).click();
  const form = page.getByRole('dialog', { name: 'Add a payout method' });
  await form.getByRole('combobox', { name: /Bank or e-wallet/ }).selectOption('bca');
  await form.getByRole('textbox', { name: /Account number/ }).fill('8610012345');
  await form.getByRole('textbox', { name: /Account holder name/ }).fill('PT E2E Shop');
  await form.getByRole('button', { name: 'Add payout method' }).click();
  const methods = page.getByRole('table', { name: 'Payout methods' });
  await expect(methods.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await expect(methods.getByText('Bank says: PT E2E SHOP')).toBeVisible();
  await expectNoSeriousViolations(page, 'payout methods');

  // It asks for 120,000 of its 500,000 (no fees on this shop): held at once.
  await page.goto(`${MERCHANT_URL}/withdrawal-requests`);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const request = page.getByRole('dialog', { name: 'Request a withdrawal' });
  await expect(request.getByText(/Available: IDR\s?500,000/)).toBeVisible();
  await request.getByRole('textbox', { name: /Amount/ }).fill('120000');
  await request.getByRole('button', { name: 'Request' }).click();
  const list = page.getByRole('table', { name: 'Withdrawals' });
  await expect(list.getByText('Pending approval')).toBeVisible();
  const merchantRef = (await list.getByRole('button', { name: /^WD-/ }).textContent()) as string;
  await page.goto(`${MERCHANT_URL}/`);
  await expect(page.getByTestId('balance-available')).toHaveText(/IDR\s?380,000/);
  await expect(page.getByTestId('balance-pending')).toHaveText(/IDR\s?120,000/);
  await expect(page.getByTestId('balance-openWithdrawals')).toHaveText('1');

  // An operator requests a second one for the shop: they made it, so they may not approve it.
  const firstAdmin = await signInByApi(FIRST_ADMIN);
  const methodsList = await (
    await fetch(`${API_URL}/payout-methods`, {
      headers: { authorization: `Bearer ${(await signInByApi(shop.owner)).accessToken}` },
    })
  ).json();
  const made = await callApi<{ referenceNumber: string }>(createWithdrawalRequest, {
    token: firstAdmin.accessToken,
    body: { merchantId: shop.merchant.id, payoutMethodId: methodsList.items[0].id, amount: '30000' },
  });
  const admin = await browser.newPage();
  await startSignedIn(admin, FIRST_ADMIN, ADMIN_URL);
  await admin.goto(`${ADMIN_URL}/withdrawal-requests`);
  await admin.getByRole('button', { name: `Approve ${made.referenceNumber}` }).click();
  await admin.getByRole('dialog', { name: 'Approve withdrawal' }).getByRole('button', { name: 'Approve' }).click();
  await expect(
    admin.getByText('You created or last changed this withdrawal; another operator must approve it.'),
  ).toBeVisible();

  // A second operator approves both; the first one is sent through the phone and paid.
  const checker = await createActiveUser(ROLE.SubAdmin, 'checker');
  const second = await browser.newPage();
  await startSignedIn(second, checker, ADMIN_URL);
  await second.goto(`${ADMIN_URL}/withdrawal-requests`);
  const rows = second.getByRole('table', { name: 'Withdrawals' });
  for (const reference of [merchantRef, made.referenceNumber]) {
    await rows.getByRole('button', { name: `Approve ${reference}` }).click();
    await second.getByRole('dialog', { name: 'Approve withdrawal' }).getByRole('button', { name: 'Approve' }).click();
    await expect(rows.getByRole('button', { name: `Send ${reference}` })).toBeVisible();
  }
  await second.getByRole('button', { name: `Send ${merchantRef}` }).click();
  await second.getByRole('dialog', { name: 'Send withdrawal' }).getByRole('button', { name: 'Send' }).click();
  await rows.getByRole('button', { name: merchantRef, exact: true }).click();
  const detail = second.getByRole('dialog', { name: `Withdrawal ${merchantRef}` });
  await expect(detail.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByText('Sent by a phone')).toBeVisible();
  await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByTestId('balance-pending')).toHaveText(/IDR\s?30,000/);
  // The shop's server heard each step, signed. Deliveries of different events may arrive in any
  // order (each is retried on its own); the events' times put them in order.
  await expect
    .poll(() =>
      receiver.deliveries
        .map(
          (delivery) =>
            JSON.parse(delivery.body) as { type: string; createdAt: string; data: { referenceNumber: string } },
        )
        .filter((event) => event.data.referenceNumber === merchantRef)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((event) => event.type),
    )
    .toEqual(['withdrawal.pending_approval', 'withdrawal.approved', 'withdrawal.processing', 'withdrawal.succeeded']);
  expect(
    receiver.deliveries.every((delivery) =>
      /^t=\d+,v1=[0-9a-f]{64}$/.test(String(delivery.headers['gerbang-signature'])),
    ),
  ).toBe(true);

  // The second one's phone sends it and loses the outcome: uncertain, then found in the history.
  shop.fleet.wallets.injectFault({ kind: 'silent_after_send', on: 'send_transfer' });
  await second.getByRole('button', { name: `Send ${made.referenceNumber}` }).click();
  await second.getByRole('dialog', { name: 'Send withdrawal' }).getByRole('button', { name: 'Send' }).click();
  await rows.getByRole('button', { name: made.referenceNumber, exact: true }).click();
  const lost = second.getByRole('dialog', { name: `Withdrawal ${made.referenceNumber}` });
  await expect(lost.getByText('uncertain', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await expect(lost.getByText("Found in the sending account's history")).toBeVisible({ timeout: 40_000 });
  await expect(page.getByTestId('balance-available')).toHaveText(/IDR\s?350,000/);
  await expect(page.getByTestId('balance-pending')).toHaveText(/IDR\s?0/);
  await expect(page.getByTestId('balance-openWithdrawals')).toHaveText('0');
});

test('a customer withdrawal on the /withdraw page: verification timeout, verify again, confirmation timeout, cancel, an unknown account, and a confirmed payout', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const code = `CW${Date.now() % 1_000_000}`;
  const shop = await shopWithMoney(code);
  const { token, payout } = await customerPayouts(shop, code);
  await page.setViewportSize({ width: 360, height: 740 });

  // No phone can ask the bank now: the customer is told and verifies again once one can.
  shop.fleet.wallets.nameDestination('002100012301', 'RINA KUSUMA');
  shop.fleet.wallets.injectFault({ kind: 'refuse', on: 'account_inquiry' });
  await page.goto(await payout('002100012301'));
  await expect(page.getByText('Verification timeout. Please try again.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Verify Again' }).click();
  await expect(page.getByText('Verification successful. Check the account holder above, then confirm.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('RINA KUSUMA')).toBeVisible();
  await expect(page.getByText(/^0:1\d$/)).toBeVisible();
  await expectNoSeriousViolations(page, 'withdraw page, confirming');

  // The time to confirm runs out: back to verifying, told why.
  await expect(page.getByText('Confirmation timeout. Please verify again.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Verify Again' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Withdrawal' })).toBeVisible({ timeout: 20_000 });

  // Cancelling asks first; 'No, Keep' keeps it, 'Yes, Cancel' cancels it.
  await page.getByRole('button', { name: 'Cancel Withdrawal' }).click();
  await expect(
    page.getByText('Are you sure you want to cancel this withdrawal? This action cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'No, Keep' }).click();
  await page.getByRole('button', { name: 'Cancel Withdrawal' }).click();
  await page.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByText('Withdrawal cancelled successfully.')).toBeVisible();
  // No page of the merchant's to return to: the customer is told where to start again.
  await expect(page.getByText(/^To withdraw again, go back to .+ and start a new withdrawal there\.$/)).toBeVisible();

  // The bank knows no such account: the verification fails and the money is released.
  await page.goto(await payout('002100010000'));
  await expect(page.getByText('An error occurred during verification. Please try again.')).toBeVisible({
    timeout: 20_000,
  });

  // A customer confirms in time: the phone sends it.
  await page.goto(await payout('002100045601', { returnUrl: 'https://shop.example.test/account' }));
  await page.getByRole('button', { name: 'Confirm Withdrawal' }).click({ timeout: 20_000 });
  await expect(page.getByText('Transaction completed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start New Transaction' })).toBeVisible();
  const balance = await (
    await fetch(`${API_URL}/v1/balance`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(balance).toMatchObject({ available: '475000', pending: '0' });
});

test('a held payout: the bank names another holder than the merchant did; the customer is told it is reviewed, an operator sees both names and approves, the customer confirms', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const code = `NR${Date.now() % 1_000_000}`;
  const shop = await shopWithMoney(code);
  const { payout } = await customerPayouts(shop, code);
  shop.fleet.wallets.nameDestination('002100077701', 'PT TOKO MAJU');
  const withdrawUrl = await payout('002100077701', { holderName: 'Walk Tester' });
  const id = new URL(withdrawUrl).searchParams.get('withdrawal') as string;

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(withdrawUrl);
  await expect(
    page.getByText(
      "We are reviewing the account holder's name. This usually takes a few minutes; you can keep this page open.",
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('PT TOKO MAJU')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Withdrawal' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'withdraw page, name under review');

  // An operator opens it from the queue: both names side by side, the score, and a decision.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await startSignedIn(operator, FIRST_ADMIN);
  await operator.goto(`${ADMIN_URL}/withdrawal-requests?withdrawal=${id}`);
  const detail = operator.getByRole('dialog', { name: `Withdrawal ${code}-1` });
  await expect(detail.getByText('Walk Tester')).toBeVisible();
  await expect(detail.getByText('PT TOKO MAJU')).toBeVisible();
  await expect(detail.getByText(/^Does not match \(\d+\/100\)$/)).toBeVisible();
  await expectNoSeriousViolations(operator, 'withdrawal held for its name');
  await detail.getByRole('button', { name: `Approve name ${code}-1` }).click();
  const ask = operator.getByRole('dialog', { name: "Approve the holder's name" });
  await ask.getByLabel(/How you checked/).fill('Called the customer: PT Toko Maju is their shop');
  await ask.getByRole('button', { name: 'Approve name' }).click();
  await expect(operator.getByText(`${code}-1: name approved; the customer may confirm.`)).toBeVisible();
  await operatorContext.close();

  // The page learns it by itself, shows the bank's name, and the customer confirms.
  await expect(page.getByText('Verification successful. Check the account holder above, then confirm.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('PT TOKO MAJU')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  await expect(page.getByText('Transaction completed successfully!')).toBeVisible({ timeout: 30_000 });
});
