import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBuild } from './console-build.test-support';
import { buildConsoleServer } from './console-server';

const SHOP_SESSION = '11111111-2222-4333-8444-555555555555';
const QUIET_SESSION = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const SHOP_WITHDRAWAL = '77777777-8888-4999-aaaa-bbbbbbbbbbbb';
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

describe('the console server', () => {
  it('answers the customer pages with their own small document and every other page with the console', async () => {
    for (const url of ['/deposit?session=x', '/merchant/embed', '/request-transaction', '/withdraw']) {
      expect((await app.inject({ url })).body).toContain('customer-EfGh5678');
    }
    for (const url of ['/', '/user', '/deposits', '/auth/signin']) {
      expect((await app.inject({ url })).body).toContain('index-AbCd1234');
    }
  });

  it("lets a session's deposit page be framed by its merchant's embed origins only", async () => {
    const shop = await app.inject({ url: `/deposit?session=${SHOP_SESSION}` });
    expect(frameAncestors(shop.headers['content-security-policy'])).toBe(
      'https://shop.example.com https://m.shop.example.com',
    );
    expect(shop.headers['x-frame-options']).toBeUndefined();
    const embed = await app.inject({ url: `/merchant/embed?session=${SHOP_SESSION}` });
    expect(frameAncestors(embed.headers['content-security-policy'])).toBe(
      'https://shop.example.com https://m.shop.example.com',
    );
    // A merchant that allows no origin, and a session nobody has: framed by nobody.
    for (const id of [QUIET_SESSION, '00000000-0000-4000-8000-000000000000']) {
      const res = await app.inject({ url: `/deposit?session=${id}` });
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    }
    // No session named: the configured default.
    expect(frameAncestors((await app.inject({ url: '/deposit' })).headers['content-security-policy'])).toBe("'self'");
    expect(frameAncestors((await app.inject({ url: '/user' })).headers['content-security-policy'])).toBe("'none'");
  });

  it("lets a withdrawal's page be framed by its merchant's embed origins only", async () => {
    const shop = await app.inject({ url: `/withdraw?withdrawal=${SHOP_WITHDRAWAL}` });
    expect(frameAncestors(shop.headers['content-security-policy'])).toBe('https://shop.example.com');
    const unknown = await app.inject({ url: '/withdraw?withdrawal=00000000-0000-4000-8000-000000000000' });
    expect(frameAncestors(unknown.headers['content-security-policy'])).toBe("'none'");
  });

  let app: Awaited<ReturnType<typeof buildConsoleServer>>;
  beforeAll(async () => {
    app = await buildConsoleServer({
      root: fakeBuild(),
      apiOrigin: 'http://localhost:8080',
      embedFrameAncestors: "'self'",
      embedOriginsOfLink: async ({ kind, id }) =>
        kind === 'withdrawal'
          ? id === SHOP_WITHDRAWAL
            ? ['https://shop.example.com']
            : null
          : ((
              {
                [SHOP_SESSION]: ['https://shop.example.com', 'https://m.shop.example.com'],
                [QUIET_SESSION]: [],
              } as Record<string, string[]>
            )[id] ?? null),
      logger: false,
    });
  });
  afterAll(() => app.close());

  it('sends brotli to a browser that accepts it, gzip to one that only takes gzip, and says it varies', async () => {
    const br = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');
    const gz = await app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-AbCd1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('lets browsers keep hashed assets for a year and makes them revalidate the app shell', async () => {
    for (const url of ['/assets/index-AbCd1234.js', '/assets/Xy_1-Zw4.js']) {
      const asset = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(asset.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/device/123', '/favicon.svg']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const shell = await app.inject({ url: '/auth/signin', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBe('br');
  });

  it("names in a page's document the files the build listed for it (.vite/route-preloads.json), so the browser fetches them with the entry's", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const detail = await app.inject({ url: '/device/42?tab=health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(detail.headers['content-encoding']).toBe('br');
    expect(preloads(brotliDecompressSync(detail.rawPayload).toString())).toEqual([
      '/assets/device-detail-Xy12Zw34.js',
      '/assets/devices-Qr56St78.js',
    ]);
    for (const url of ['/', '/device', '/device/42/more', '/user']) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain('index-AbCd1234');
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('answers a revalidated document that has not changed with 304 and no body', async () => {
    const first = await app.inject({ url: '/device/42', headers: { 'accept-encoding': 'br' } });
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({
      url: '/device/42',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await app.inject({ url: '/user', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(other.statusCode).toBe(200);
  });

  it('sends the document uncompressed to a browser that refuses every encoding it has', async () => {
    const res = await app.inject({ url: '/device/42', headers: { 'accept-encoding': 'br;q=0, gzip;q=0, deflate' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('index-AbCd1234');
  });

  it('answers 404 for a missing hashed file instead of the app shell', async () => {
    expect((await app.inject({ url: '/assets/missing-AbCd1234.js' })).statusCode).toBe(404);
  });
});
