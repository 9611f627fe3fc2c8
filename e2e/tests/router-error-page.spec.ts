import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { WEB_DIST } from '../support/e2e-env';

/** The URL of a page module's chunk in the admin console's build (chunks are named by hash alone). */
function chunkOf(manifest: string, module: string): string {
  const entries = JSON.parse(readFileSync(join(WEB_DIST, 'admin/.vite', manifest), 'utf8'));
  return `**/${entries[module].file}`;
}

for (const { path, chunk } of [
  { path: '/auth/forgot-password', chunk: chunkOf('manifest.json', 'src/app/routes/auth/forgot-password.tsx') },
  // The customer pages have their own entry (customer.html); it fails the same way.
  { path: '/withdraw', chunk: chunkOf('customer-manifest.json', 'src/app/routes/customer/withdraw.tsx') },
]) {
  test(`${path} whose code cannot load shows "Unexpected Application Error!" with the reason`, async ({ page }) => {
    // The page's code is a lazily loaded chunk; failing its download makes loading the page throw.
    await page.route(chunk, (route) => route.abort());
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!', level: 1 })).toBeVisible();
    await expect(page.getByText(/dynamically imported module|Importing a module script failed/i)).toBeVisible();
  });
}
