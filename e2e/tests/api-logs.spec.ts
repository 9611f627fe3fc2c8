import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { API_URL, MERCHANT_URL } from '../support/e2e-env';
import { danaShop } from '../support/money';
import { startSignedIn } from '../support/session';

test("a merchant finds its server's request in its API log, its customer's personal data hidden", async ({ page }) => {
  const code = `LOGS${Date.now() % 1_000_000}`;
  const { owner, v1 } = await danaShop(code);
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': `order-${code}` },
    body: JSON.stringify({
      referenceNumber: code,
      amount: '120000',
      customer: { name: 'Siti Rahayu', email: 'siti@example.com', phone: '+6281234567890' },
    }),
  });
  expect(created.status).toBe(201);
  const requestId = created.headers.get('x-request-id') as string;
  const refused = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': `bad-${code}` },
    body: JSON.stringify({ referenceNumber: code, amount: 'a lot' }),
  });
  expect(refused.status).toBe(422);

  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(MERCHANT_URL);
  await page.getByRole('navigation', { name: 'GENERAL' }).getByRole('link', { name: 'API Logs' }).click();
  await expect(page.getByRole('heading', { name: 'API Logs', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'API request log' });
  // Written a moment after the answer: the page shows it on the next look.
  await expect(async () => {
    await page.reload();
    await expect(table.getByText('422')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(table.getByText('201')).toBeVisible();
  await expectNoSeriousViolations(page, 'API request log');

  await page.getByLabel('Request ID').fill(requestId);
  await expect(table.getByText('422')).toBeHidden();
  await table.getByRole('button', { name: /^Details of POST \/v1\/payment-sessions/ }).click();
  const detail = page.getByRole('dialog', { name: 'API request' });
  await expect(detail.getByText(`order-${code}`)).toBeVisible();
  await expect(detail.getByText(requestId)).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Request body' }).getByText(/"phone": "••••7890"/)).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Response body' }).getByText(/"status": "created"/)).toBeVisible();
  await expect(detail).not.toContainText('Siti');
  await expect(detail).not.toContainText('siti@example.com');
  await expectNoSeriousViolations(page, 'API request detail');
});
