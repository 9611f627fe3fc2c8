import { execFileSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGerbangClient } from '@gerbang/sdk';
import { expect, test } from '@playwright/test';
import { createShop } from '../../examples/shop/src/shop';
import { signInByApi } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { ADMIN_URL, API_URL, MERCHANT_URL } from '../support/e2e-env';
import { listen } from '../support/listen';
import { createDanaMerchant, createMerchantUser } from '../support/money';
import { createApiTokenInConsole } from '../support/pages';
import { startSignedIn } from '../support/session';

const closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

test('a merchant integrates in test mode: a test token, the example shop paid with "simulate paid", its delivery, its request, the statement and a refund through the test withdraw page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The shop's own server: its address first (test mode's webhook URL and the embed origin name it).
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.end();
  };
  const shopHost = await listen((request, response) => handle(request, response));
  closers.push(shopHost.close);
  const code = `TEST${Date.now() % 1_000_000}`;
  // No phone is started: test mode never needs one.
  const merchant = await createDanaMerchant(code, { name: `Sandbox ${code}`, embedOrigins: [shopHost.url] });
  const owner = await createMerchantUser(merchant.id);

  // The merchant switches its console to test mode and creates a test token there.
  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/api-tokens`);
  await page.getByRole('switch', { name: 'Test mode' }).click();
  await expect(page.getByText(/You are looking at test data/)).toBeVisible();
  const apiToken = await createApiTokenInConsole(page, 'Example shop (test)', ['refunds:write']);
  expect(apiToken).toMatch(/^gbk_test_/);

  // Test mode's webhook endpoint is the shop's; its signing secret is test mode's own.
  const testModeHeaders = {
    authorization: `Bearer ${(await signInByApi(owner)).accessToken}`,
    'content-type': 'application/json',
    'x-gerbang-mode': 'test',
  };
  const endpoint = await fetch(`${API_URL}/webhook-endpoint`, {
    method: 'PUT',
    headers: testModeHeaders,
    body: JSON.stringify({ callbackUrl: `${shopHost.url}/webhooks/gerbang` }),
  });
  expect(endpoint.status).toBe(200);
  const rotated = await fetch(`${API_URL}/webhook-endpoint/secret`, {
    method: 'POST',
    headers: testModeHeaders,
    body: JSON.stringify({ previousSecret: 'expire_now' }),
  });
  const { webhookSecret } = await rotated.json();
  expect(webhookSecret).not.toBe(merchant.webhookSecret);
  const gerbang = createGerbangClient({ apiKey: apiToken, baseUrl: API_URL });
  const shop = createShop({ gerbang, webhookSecret, publicUrl: shopHost.url, gerbangOrigin: ADMIN_URL });
  handle = shop.handle;

  // A customer buys; the framed deposit page is a test page; "Simulate paid" pays it.
  const shopPage = await page.context().newPage();
  await shopPage.goto(shopHost.url);
  await shopPage.getByRole('button', { name: 'Buy Kopi Toraja, 250 g' }).click();
  const deposit = shopPage.frameLocator('iframe[title="Pay with Gerbang"]');
  const testPanel = deposit.getByRole('region', { name: 'Test payment' });
  await expect(testPanel).toContainText('This is a test payment: no money moves.');
  await expect(deposit.getByText('GERBANG TEST')).toBeVisible();
  await testPanel.getByRole('button', { name: 'Simulate paid', exact: true }).click();
  await expect(shopPage.locator('#status')).toHaveText('Paid', { timeout: 30_000 });
  const [order] = [...shop.orders.values()];
  const session = await gerbang.paymentSessions.get(order?.sessionId as string);
  expect(session).toMatchObject({ status: 'success', livemode: false });

  // The merchant, still in test mode, sees the delivery to the shop…
  await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'Webhooks' }).click();
  const events = page.getByRole('table', { name: 'Webhook events' });
  await expect(async () => {
    await page.reload();
    await expect(events.getByRole('row').filter({ hasText: 'payment_session.succeeded' })).toContainText('Delivered', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/You are looking at test data/)).toBeVisible();
  await expectNoSeriousViolations(page, 'test mode webhooks');

  // …the shop's request in its API log…
  await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'API Logs' }).click();
  const log = page.getByRole('table', { name: 'API request log' });
  await expect(async () => {
    await page.reload();
    await expect(log.getByRole('button', { name: /^Details of POST \/v1\/payment-sessions/ })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });

  // …and its test statement, whose PDF says it is test mode's and lists the order.
  await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'Dashboard' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  const text = execFileSync('pdftotext', ['-layout', (await file.path()) as string, '-']).toString('utf8');
  expect(text).toContain('TEST MODE: no real money');
  expect(text).toContain(order?.id as string);

  // The shop refunds the order: the test payment named no account, so the refund's withdraw page
  // asks the customer for one; its TEST panel makes the test provider pay it.
  await shopPage.goto(`${shopHost.url}/admin`);
  await shopPage.getByRole('button', { name: `Refund ${order?.id}` }).click();
  await shopPage.getByRole('link', { name: 'Where the customer names their account' }).click();
  await expect(shopPage.getByRole('region', { name: 'Test payout' })).toContainText('This is a test payout');
  await shopPage.getByLabel('Bank or e-wallet').selectOption({ label: 'DANA' });
  await shopPage.getByLabel('Account or mobile number').fill('081234567890');
  await shopPage.getByRole('button', { name: 'Continue' }).click();
  await shopPage.getByRole('button', { name: 'Confirm Withdrawal' }).click();
  const payoutPanel = shopPage.getByRole('region', { name: 'Test payout' });
  await payoutPanel.getByRole('button', { name: 'Simulate paid', exact: true }).click();
  await expect(shopPage.getByText('Transaction completed successfully!')).toBeVisible();
  await expect(async () => {
    await shopPage.goto(`${shopHost.url}/admin`);
    await expect(shopPage.getByRole('row').filter({ hasText: order?.id as string })).toContainText('Refunded', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });

  // Back in live mode, none of it is there.
  await page.getByRole('switch', { name: 'Test mode' }).click();
  await expect(page.getByText(/You are looking at test data/)).toBeHidden();
  await expect(page.getByTestId('balance-available')).toHaveText(/IDR\s?0/);
  await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Webhook events' }).getByText('No events match.')).toBeVisible();
});
