import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiTokenWithSecret, createApiToken } from '@gerbang/contract';
import { createGerbangClient } from '@gerbang/sdk';
import { expect, test } from '@playwright/test';
import { createShop } from '../../examples/shop/src/shop';
import { callApi, signInByApi } from '../support/api';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { ADMIN_URL, API_URL } from '../support/e2e-env';
import { listen } from '../support/listen';
import { createDanaMerchant, createMerchantUser, readyDanaAccount } from '../support/money';

let fleet: SimulatedFleet | undefined;
const closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await fleet?.stop();
  fleet = undefined;
});

test('the example shop sells through the SDK: checkout in an iframe, paid by a verified webhook, refunded from its admin page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('shop'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  // The shop's own server: its address first (the merchant's webhook URL and embed origin name it).
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.end();
  };
  const shopHost = await listen((request, response) => handle(request, response));
  closers.push(shopHost.close);
  const code = `SHOP${Date.now() % 1_000_000}`;
  const merchant = await createDanaMerchant(code, {
    name: `Example ${code}`,
    callbackUrl: `${shopHost.url}/webhooks/gerbang`,
    embedOrigins: [shopHost.url],
  });
  const owner = await createMerchantUser(merchant.id);
  const token = await callApi<ApiTokenWithSecret>(createApiToken, {
    token: (await signInByApi(owner)).accessToken,
    body: { name: 'Example shop', scopes: ['payments:write', 'payments:read', 'refunds:write'] },
  });
  const gerbang = createGerbangClient({ apiKey: token.secret, baseUrl: API_URL });
  const shop = createShop({
    gerbang,
    webhookSecret: merchant.webhookSecret,
    publicUrl: shopHost.url,
    gerbangOrigin: ADMIN_URL,
  });
  handle = shop.handle;

  // The customer buys: the order page frames Gerbang's deposit page.
  await page.goto(shopHost.url);
  await page.getByRole('button', { name: 'Buy Kopi Toraja, 250 g' }).click();
  await expect(page.getByText('Waiting for your payment')).toBeVisible();
  const deposit = page.frameLocator('iframe[title="Pay with Gerbang"]');
  await expect(deposit.getByText(/85[.,]000/).first()).toBeVisible({ timeout: 20_000 });

  // They pay from their DANA app; the phone reports it; the shop's webhook, verified, marks it paid.
  const [order] = [...shop.orders.values()];
  const session = await gerbang.paymentSessions.get(order?.sessionId as string);
  const sender = `0813${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  fleet.wallets.nameDestination(sender, 'BUDI SANTOSO');
  fleet.wallets.deliverTransfer(account.id, {
    amount: session.finalAmount,
    counterpartyName: 'Budi Santoso',
    counterpartyAccount: sender,
  });
  await expect(page.locator('#status')).toHaveText('Paid', { timeout: 40_000 });
  await expect(page.locator('iframe')).toHaveCount(0);

  // The shop's admin refunds it; the phone pays it back, and the refund's webhook says so.
  await page.goto(`${shopHost.url}/admin`);
  await page.getByRole('button', { name: `Refund ${order?.id}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Refund of ${order?.id} requested`);
  await expect(page.getByRole('row', { name: new RegExp(order?.id as string) })).toContainText('Refund on its way');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(order?.id as string) })).toContainText('Refunded', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
});
