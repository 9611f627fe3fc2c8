import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { ADMIN_URL, API_URL, MERCHANT_URL, WEB_DIST } from '../support/e2e-env';
import { startSignedIn } from '../support/session';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build compresses text files from this size (apps/web/scripts/precompress.mjs). */
const COMPRESSED_FROM_BYTES = 1024;

for (const [name, origin, path] of [
  ['admin', ADMIN_URL, '/auth/signin'],
  ['merchant', MERCHANT_URL, '/auth/signin'],
  // The customer pages: their own document, served the same way.
  ['deposit page', ADMIN_URL, '/deposit'],
] as const) {
  test(`the ${name} arrives compressed with brotli, its hashed files cacheable for a year`, async ({ request }) => {
    const page = await request.get(new URL(path, origin).toString(), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await request.get(new URL(asset, origin).toString(), { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status(), asset).toBe(200);
      const size = (await res.body()).length;
      if (size >= COMPRESSED_FROM_BYTES) expect(res.headers()['content-encoding'], asset).toBe('br');
      expect(res.headers()['cache-control'], asset).toBe(IMMUTABLE);
      expect(res.headers().vary, asset).toMatch(/accept-encoding/i);
    }
    const largest = html.match(/src="(\/assets\/(?:index|customer)-[^"]+\.js)"/)?.[1] as string;
    const gzipOnly = await request.get(new URL(largest, origin).toString(), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
  });
}

// Issue 31: zod and the query cache are for signed-in pages; the sign-in page runs without them,
// and a signed-in page's layout paints before the schemas run.
for (const [name, origin] of [
  ['admin', ADMIN_URL],
  ['merchant', MERCHANT_URL],
] as const) {
  test(`the ${name} sign-in page downloads neither zod nor the query cache`, async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });

    await page.goto(new URL('/auth/signin', origin).toString());
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /\b_zod\b/.test(script.body)).map((script) => script.url)).toEqual([]);
    expect(scripts.filter((script) => /No QueryClient set/.test(script.body)).map((script) => script.url)).toEqual([]);
  });
}

// Issue 31: a returning operator's console page draws its layout (sidebar, header) before the page
// asks for its own code, texts and schemas, which would otherwise share a slow link with it.
test("a returning Admin's page is on screen before it asks for its own code", async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN, ADMIN_URL, { rememberUser: true });
  const routes = JSON.parse(readFileSync(join(WEB_DIST, 'admin/.vite/route-preloads.json'), 'utf8')) as {
    path: string;
    afterFirstFrame: string[];
  }[];
  const ownFiles = routes.find((route) => route.path === '/user')?.afterFirstFrame ?? [];
  expect(ownFiles.length).toBeGreaterThan(0);

  await page.goto(new URL('/user', ADMIN_URL).toString());
  await expect(page.getByRole('table').first()).toBeVisible();
  const { firstPaint, requested } = await page.evaluate(async () => {
    const paints = await new Promise<number[]>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.startTime))).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      }),
    );
    return {
      firstPaint: Math.min(...paints),
      requested: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname.slice(1), startTime: entry.startTime })),
    };
  });
  for (const file of ownFiles) {
    const request = requested.find((entry) => entry.path === file);
    expect(request, file).toBeDefined();
    expect(request?.startTime, file).toBeGreaterThan(firstPaint);
  }
});

// Issue 31: the consoles call the API under their own origin (`/api`): no CORS preflight before a
// call, no second connection to open on a phone; the realtime client goes the same way.
test("a signed-in Admin's console calls the API and its realtime on its own origin", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await startSignedIn(page, FIRST_ADMIN, ADMIN_URL);

  await page.goto(new URL('/user', ADMIN_URL).toString());
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);

  expect(requested.filter((url) => url.startsWith(`${ADMIN_URL}/api/`)).length).toBeGreaterThan(0);
  expect(requested.filter((url) => url.startsWith(API_URL))).toEqual([]);
  expect(sockets.every((url) => url.startsWith(`${ADMIN_URL.replace(/^http/, 'ws')}/api/ws/`))).toBe(true);
});
