import { expect, test } from '@playwright/test';

test('a page whose code cannot load shows "Unexpected Application Error!" with the reason', async ({ page }) => {
  // The withdraw page's code is a lazily loaded chunk; failing its download makes the route throw.
  await page.route(/\/assets\/withdraw-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/withdraw');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!', level: 1 })).toBeVisible();
  await expect(page.getByText(/dynamically imported module|Importing a module script failed/i)).toBeVisible();
});
