import { expect, test } from '@playwright/test';
import { MERCHANT_URL } from '../support/e2e-env';
import { createDanaMerchant, createMerchantUser } from '../support/money';
import { startSignedIn } from '../support/session';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test("a merchant on a 360 px phone reaches its user menu and a dialog's buttons: the top bar, with Test mode, fits", async ({
  page,
}) => {
  const merchant = await createDanaMerchant(`PHONE${Date.now() % 1_000_000}`);
  const owner = await createMerchantUser(merchant.id);
  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/webhooks`);
  await expect(page.getByRole('switch', { name: 'Test mode' })).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const menu = page.getByRole('button', { name: 'Account menu' });
  const box = await menu.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);

  // A long form in a dialog: its footer's button is on screen and takes the tap.
  await page.getByRole('region', { name: 'Further endpoints' }).getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add an endpoint' });
  await form.getByLabel(/^Endpoint URL/).fill('https://erp.example.com/gerbang');
  await form.getByRole('checkbox', { name: 'payment_session.succeeded' }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click({ timeout: 5_000 });
  await expect(page.getByRole('dialog', { name: 'Endpoint added' })).toBeVisible();
});
