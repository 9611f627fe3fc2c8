import { expect, test } from '@playwright/test';

for (const { path, chunk } of [
  { path: '/auth/forgot-password', chunk: /\/assets\/forgot-password-[^/]*\.js$/ },
  // The customer pages have their own entry (customer.html); it fails the same way.
  { path: '/withdraw', chunk: /\/assets\/withdraw-[^/]*\.js$/ },
]) {
  test(`${path} whose code cannot load shows "Unexpected Application Error!" with the reason`, async ({ page }) => {
    // The page's code is a lazily loaded chunk; failing its download makes loading the page throw.
    await page.route(chunk, (route) => route.abort());
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!', level: 1 })).toBeVisible();
    await expect(page.getByText(/dynamically imported module|Importing a module script failed/i)).toBeVisible();
  });
}
