import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL, API_URL, MERCHANT_URL } from '../support/e2e-env';
import { type Delivery, listen, webhookReceiver } from '../support/listen';
import { createDanaMerchant, createMerchantUser, danaShop, readyDanaAccount } from '../support/money';
import { createApiTokenInConsole } from '../support/pages';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
const closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
  for (const close of closers.splice(0)) await close();
});

test("a merchant's customer pays inside the shop's iframe: the page, the merchant's balance, today's figures and chart, the session's detail and export, and a signed webhook follow", async ({
  page,
}) => {
  test.setTimeout(180_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('money'), count: 1, failureRate: 0, latencyMs: 200 });
  const account = await readyDanaAccount(fleet);

  // The merchant's webhook receiver, and its shop page that frames the deposit page.
  const receiver = await webhookReceiver();
  const { deliveries } = receiver;
  closers.push(receiver.close);
  let paymentUrl = '';
  const shop = await listen((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><title>E2E Shop</title>
<script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<h1>Checkout</h1><iframe title="Gerbang payment" src="${paymentUrl}" width="380" height="760"></iframe></html>`);
  });
  closers.push(shop.close);

  const code = `PAY${Date.now() % 1_000_000}`;
  const merchant = await createDanaMerchant(code, {
    depositFeePercent: '2',
    callbackUrl: `${receiver.url}/gerbang`,
    embedOrigins: [shop.url],
  });
  const owner = await createMerchantUser(merchant.id);

  // The merchant signs in to its console and creates an API token; the secret is shown once.
  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/api-tokens`);
  const apiToken = await createApiTokenInConsole(page, 'Checkout server');
  expect(apiToken).toMatch(/^gbk_/);
  await page.goto(`${MERCHANT_URL}/`);
  await expect(page.getByTestId('balance-available')).toHaveText(/IDR\s?0/);

  // The shop's server opens a session through the merchant API.
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiToken}`,
      'content-type': 'application/json',
      'idempotency-key': `e2e-${code}`,
    },
    body: JSON.stringify({ referenceNumber: `ORDER-${code}`, amount: '100000.00' }),
  });
  expect(created.status).toBe(201);
  const session = await created.json();
  paymentUrl = session.paymentUrl;
  expect(paymentUrl.startsWith(`${ADMIN_URL}/deposit?session=`)).toBe(true);

  // The customer chooses DANA inside the shop's iframe and sees the QR and the time left.
  const shopPage = await page.context().newPage();
  await shopPage.goto(shop.url);
  const frame = shopPage.frameLocator('iframe[title="Gerbang payment"]');
  await frame.getByRole('button', { name: 'Pay with DANA' }).click();
  await expect(frame.getByRole('img', { name: /QR code to pay .* with DANA/ })).toBeVisible();
  await expect(frame.getByText(/^1[45]:\d\d$/)).toBeVisible();

  // The customer's DANA app pays the final amount into the account; the phone reports it.
  const { finalAmount } = await (
    await fetch(`${API_URL}/v1/payment-sessions/${session.id}`, { headers: { authorization: `Bearer ${apiToken}` } })
  ).json();
  fleet.wallets.deliverTransfer(account.id, { amount: finalAmount, counterpartyName: 'E2E Customer' });
  await expect(frame.getByText('Transaction completed successfully!')).toBeVisible({ timeout: 30_000 });

  // The shop heard it, from Gerbang's origin only.
  await expect
    .poll(() => shopPage.evaluate(() => (window as unknown as { received: { data: unknown }[] }).received))
    .toEqual(
      expect.arrayContaining([
        { origin: ADMIN_URL, data: 'EMBED_READY' },
        {
          origin: ADMIN_URL,
          data: expect.objectContaining({ type: 'payment_session.status', sessionId: session.id, status: 'success' }),
        },
      ]),
    );

  // The merchant's dashboard moved without a reload: 100,000 less the 2 % fee; today's figures
  // and the drawn 14-day chart too.
  await expect(page.getByTestId('balance-available')).toHaveText(/IDR\s?98,000/);
  await expect(page.getByTestId('today-volume')).toHaveText(/IDR\s?100,000/);
  await expect(page.getByTestId('today-successRate')).toHaveText('100%');
  const chart = page.getByRole('img', { name: /Bar chart of the volume per day/ });
  await expect(chart).toBeVisible();
  // Chart.js drew something: the canvas is not blank.
  await expect
    .poll(() =>
      chart.evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        return Array.prototype.some.call(pixels, (value: number) => value !== 0);
      }),
    )
    .toBe(true);
  await expectNoSeriousViolations(page, 'merchant dashboard with figures and chart');

  // Its Transaction page lists the session; the detail shows the webhook it was sent.
  await page.goto(`${MERCHANT_URL}/transaction`);
  const sessions = page.getByRole('table', { name: 'Payment sessions' });
  await sessions.getByRole('button', { name: `Details of ORDER-${code}` }).click();
  const detail = page.getByRole('dialog', { name: `Payment session ORDER-${code}` });
  await expect(detail.getByText('payment_session.succeeded')).toBeVisible();
  await expect(detail.getByRole('table', { name: /Deposit/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'payment session detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Its export is the CSV file of its sessions, under the server's name for it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payment-sessions-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await file.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^createdAt,id,merchantId,/);
  expect(csv).toContain(`ORDER-${code},success`);

  // And its receiver got a webhook it can verify with its secret.
  await expect.poll(() => deliveries.some((d) => d.body.includes('payment_session.succeeded'))).toBe(true);
  const delivery = deliveries.find((d) => d.body.includes('payment_session.succeeded')) as Delivery;
  const [t, v1] = String(delivery.headers['gerbang-signature'])
    .split(',')
    .map((part) => part.split('=')[1]);
  expect(v1).toBe(createHmac('sha256', merchant.webhookSecret).update(`${t}.${delivery.body}`).digest('hex'));
  expect(JSON.parse(delivery.body).data).toMatchObject({ id: session.id, status: 'success', finalAmount });
});

test('an operator resolves a near match: a customer sent 500 too much, Find session ranks the session first, matching it credits what arrived', async ({
  page,
}) => {
  test.setTimeout(150_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('near'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  const code = `NEAR${Date.now() % 1_000_000}`;
  const { v1 } = await danaShop(code);
  // An amount no other test uses: the transfer's row is found by it.
  const amount = 200_000 + (Date.now() % 400) * 100;
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': `${code}-1` },
    body: JSON.stringify({
      referenceNumber: `${code}-1`,
      amount: String(amount),
      method: 'dana',
      customer: { name: 'Lina Marlina' },
    }),
  });
  const session = (await created.json()) as { id: string; finalAmount: string };
  const sent = Number(session.finalAmount) + 500;
  fleet.wallets.deliverTransfer(account.id, { amount: String(sent), counterpartyName: 'LINA MARLINA' });

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto(`${ADMIN_URL}/transaction`);
  const incoming = page.getByRole('region', { name: 'Incoming transfers' });
  const shown = `IDR\u00a0${sent.toLocaleString('en-US')}`;
  const find = incoming.getByRole('button', { name: `Find session ${shown}` });
  await expect(async () => {
    await page.reload();
    await incoming.getByRole('checkbox', { name: 'Only those awaiting review' }).check();
    await expect(find).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await find.click();
  const candidates = page.getByRole('table', { name: 'Sessions this transfer may have paid' });
  const first = candidates.getByRole('row').nth(1);
  await expect(first.getByText(`${code}-1`)).toBeVisible();
  await expect(first.getByText(/^\+IDR\s500$/)).toBeVisible();
  await expect(first.getByText('Name match 100/100')).toBeVisible();
  await expectNoSeriousViolations(page, 'near-match candidates');
  await first.getByRole('button', { name: `Match to session ${code}-1` }).click();
  const ask = page.getByRole('dialog', { name: 'Match to its session' });
  await expect(ask.getByText(/It is IDR\s500 off the final amount/)).toBeVisible();
  await ask.getByLabel(/Reason/).fill('Same customer, one minute later, 500 too much');
  await ask.getByRole('button', { name: 'Match' }).click();
  await expect(page.getByText('The session is paid.')).toBeVisible();

  const paid = await (await fetch(`${API_URL}/v1/payment-sessions/${session.id}`, { headers: v1 })).json();
  expect(paid).toMatchObject({ status: 'success', finalAmount: session.finalAmount, receivedAmount: String(sent) });
});
