import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { createMerchantByApi } from '../support/money';

// A customer on a phone.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test("a customer opens a payment from the merchant's link and lands on its deposit page", async ({ page }) => {
  const code = `LNK${Date.now() % 1_000_000}`;
  await createMerchantByApi({
    name: `Link Shop ${code}`,
    code,
    currency: 'IDR',
    minAmount: '10000',
    maxAmount: '5000000',
    allowedMethods: ['dana', 'livin'],
    paymentLinksEnabled: true,
  });

  await page.goto(`/request-transaction?merchant=${code}&amount=150000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Transaction' })).toBeVisible();
  await expect(page.getByLabel(/Merchant code/)).toHaveValue(code);
  await expect(page.getByLabel(/Amount/)).toHaveValue('150000');
  await expectNoSeriousViolations(page, '/request-transaction at 360 px');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/deposit\?session=[0-9a-f-]{36}$/);
  await expect(page.getByText(`Pay Link Shop ${code}`)).toBeVisible();
  await expect(page.getByText(/^LINK-[0-9A-F]{20}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with DANA' })).toBeVisible();
  // Nothing scrolls sideways on a small phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Back on the link with a code that takes no links: the customer is told, in words.
  await page.goto('/request-transaction?merchant=NO-SUCH-SHOP&amount=150000');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText(/No merchant with this code takes payments here/)).toBeVisible();
});
