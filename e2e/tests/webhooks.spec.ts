import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { API_URL, MERCHANT_URL } from '../support/e2e-env';
import { webhookReceiver } from '../support/listen';
import { createDanaMerchant, createMerchantUser, paymentsApiHeaders } from '../support/money';
import { startSignedIn } from '../support/session';

test('a merchant follows its webhooks in its console, tests its endpoint, and adds an ERP endpoint with its own event types and secret', async ({
  page,
}) => {
  const receiver = await webhookReceiver();
  try {
    const code = `HOOK${Date.now() % 1_000_000}`;
    const merchant = await createDanaMerchant(code, { callbackUrl: `${receiver.url}/gerbang` });
    const owner = await createMerchantUser(merchant.id);
    const v1 = await paymentsApiHeaders(owner, 'Checkout');
    const opened = await fetch(`${API_URL}/v1/payment-sessions`, {
      method: 'POST',
      headers: { ...v1, 'idempotency-key': code },
      body: JSON.stringify({ referenceNumber: code, amount: '120000' }),
    });
    expect(opened.status).toBe(201);
    await expect.poll(() => receiver.deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0);

    await startSignedIn(page, owner, MERCHANT_URL);
    await page.goto(MERCHANT_URL);
    await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'Webhooks' }).click();
    const table = page.getByRole('table', { name: 'Webhook events' });
    const created = table.getByRole('row').filter({ hasText: 'payment_session.created' });
    await expect(created).toContainText('Delivered');
    await expect(created).toContainText('HTTP 204');
    await expectNoSeriousViolations(page, 'webhook events');

    // The merchant rotates its signing secret, the old one signing beside it for a day.
    const endpoint = page.getByRole('region', { name: 'Your endpoint' });
    await expect(endpoint.getByText(`${receiver.url}/gerbang`)).toBeVisible();
    await endpoint.getByRole('button', { name: 'Rotate signing secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate signing secret' }).getByRole('button', { name: 'Rotate' }).click();
    const shown = page.getByRole('dialog', { name: 'New signing secret' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Close' }).click();
    await expect(endpoint.getByText(/The previous secret also signs until/)).toBeVisible();

    await page.getByRole('button', { name: 'Send test event' }).click();
    const detail = page.getByRole('dialog', { name: 'Webhook event' });
    await expect(detail.getByText('webhook.test', { exact: true })).toBeVisible();
    await expect
      .poll(() => receiver.deliveries.some((delivery) => delivery.body.includes('"webhook.test"')), { timeout: 20_000 })
      .toBe(true);
    // The page shows the attempt once it is made.
    await expect(async () => {
      await page.reload();
      await expect(detail.getByText(`Sent to ${receiver.url}/gerbang`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(detail.getByText(/"type": "webhook.test"/)).toBeVisible();
    // Signed by both secrets: the new one verifies it.
    const test = receiver.deliveries.find((delivery) => delivery.body.includes('"webhook.test"'));
    const header = String(test?.headers['gerbang-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    const t = header.split(',')[0]?.slice(2);
    const expected = createHmac('sha256', secret).update(`${t}.${test?.body}`).digest('hex');
    expect(header).toContain(`v1=${expected}`);
    await expectNoSeriousViolations(page, 'webhook event detail');
    await detail.getByRole('button', { name: 'Close' }).click();

    // A further endpoint, the shop's ERP, for the event types it chooses, with a secret of its own.
    const further = page.getByRole('region', { name: 'Further endpoints' });
    await further.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    await form.getByLabel(/^Endpoint URL/).fill(`${receiver.url}/erp`);
    await form.getByLabel(/^Description/).fill('ERP');
    await form.getByRole('checkbox', { name: 'payment_session.created' }).check();
    await expectNoSeriousViolations(page, 'add a webhook endpoint');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const erpSecret = await added.getByLabel('Signing secret').inputValue();
    expect(erpSecret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Close' }).click();
    await expect(further.getByText('ERP', { exact: true })).toBeVisible();

    // A new session goes to both endpoints with one event id, each signed with its own secret.
    const next = await fetch(`${API_URL}/v1/payment-sessions`, {
      method: 'POST',
      headers: { ...v1, 'idempotency-key': `${code}-2` },
      body: JSON.stringify({ referenceNumber: `${code}-2`, amount: '130000' }),
    });
    expect(next.status).toBe(201);
    const toErp = () => receiver.deliveries.find((delivery) => delivery.path === '/erp');
    await expect.poll(() => Boolean(toErp()), { timeout: 20_000 }).toBe(true);
    const erpDelivery = toErp();
    const erpHeader = String(erpDelivery?.headers['gerbang-signature']);
    const erpT = erpHeader.split(',')[0]?.slice(2);
    expect(erpHeader).toBe(
      `t=${erpT},v1=${createHmac('sha256', erpSecret).update(`${erpT}.${erpDelivery?.body}`).digest('hex')}`,
    );
    const eventId = erpDelivery?.headers['gerbang-event-id'];
    await expect
      .poll(() => receiver.deliveries.filter((delivery) => delivery.headers['gerbang-event-id'] === eventId).length)
      .toBe(2);
    await page.reload();
    await page.getByLabel('Endpoint', { exact: true }).selectOption({ label: 'ERP' });
    await expect(table.getByRole('row').filter({ hasText: 'payment_session.created' }).first()).toContainText('ERP');
  } finally {
    await receiver.close();
  }
});
