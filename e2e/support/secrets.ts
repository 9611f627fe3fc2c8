import { expect, type Page } from '@playwright/test';

/** A secret (a device token, a proxy password) is nowhere in the page: not in its markup, text or field values. */
export async function expectNowhereOnPage(page: Page, secret: string, what: string): Promise<void> {
  const found = await page.evaluate((needle) => {
    const values = Array.from(document.querySelectorAll('input, textarea')).map(
      (field) => (field as HTMLInputElement | HTMLTextAreaElement).value,
    );
    return document.documentElement.outerHTML.includes(needle) || values.some((value) => value.includes(needle));
  }, secret);
  expect(found, `${what} is still in the page`).toBe(false);
}
