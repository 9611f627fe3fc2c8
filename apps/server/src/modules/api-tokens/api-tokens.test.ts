import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { apiTokens } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

describe('API tokens (merchant console) and the merchant API token check', () => {
  let t: TestApp;
  let shopA: Awaited<ReturnType<typeof merchantWithUser>>;
  let shopB: Awaited<ReturnType<typeof merchantWithUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    shopA = await merchantWithUser(t, 'a1000000-0000-4000-8000-000000000001');
    shopB = await merchantWithUser(t, 'b1000000-0000-4000-8000-000000000002');
  });
  afterAll(() => t.close());

  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const res = await shopA.console.post('/api-tokens', {
      name: ' Checkout server ',
      scopes: ['payments:write', 'balance:read'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Checkout server',
      scopes: ['payments:write', 'balance:read'],
      status: 'active',
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(created.secret).toMatch(/^gbk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);

    const [stored] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    const list = (await shopA.console.get('/api-tokens')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const audit = await t.app.ctx.audit.listForTarget('api_token', created.id);
    expect(audit.map((entry) => entry.action)).toEqual([AUDIT_ACTIONS.apiTokenCreated]);
    expect(JSON.stringify(audit, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(
      created.secret,
    );
  });

  it('lets the token call the merchant API, and records when it was last used', async () => {
    const token = await createApiTokenAs(shopA.console, ['balance:read']);
    const res = await merchantApi(t.app, token.secret).get('/v1/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ currency: 'IDR', available: '0', pending: '0' });
    // Money: no cache may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = (await shopA.console.get('/api-tokens')).json().items.find((i: { id: string }) => i.id === token.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('answers 401 API_TOKEN_REVOKED once revoked, and the merchant sees it revoked', async () => {
    const token = await createApiTokenAs(shopA.console, ['balance:read']);
    const revoked = await shopA.console.delete(`/api-tokens/${token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const res = await merchantApi(t.app, token.secret).get('/v1/balance');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('API_TOKEN_REVOKED');
    const audit = await t.app.ctx.audit.listForTarget('api_token', token.id);
    expect(audit.map((entry) => entry.action)).toContain(AUDIT_ACTIONS.apiTokenRevoked);
  });

  it('answers 401 API_TOKEN_EXPIRED after its expiry', async () => {
    const token = await createApiTokenAs(shopA.console, ['balance:read'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await merchantApi(t.app, token.secret).get('/v1/balance')).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, token.id));
    const res = await merchantApi(t.app, token.secret).get('/v1/balance');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('API_TOKEN_EXPIRED');
    const listed = (await shopA.console.get('/api-tokens')).json().items.find((i: { id: string }) => i.id === token.id);
    expect(listed.status).toBe('expired');
  });

  it('answers 403 INSUFFICIENT_SCOPE to a token without the route’s scope', async () => {
    const token = await createApiTokenAs(shopA.console, ['payments:read']);
    const res = await merchantApi(t.app, token.secret).get('/v1/balance');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      message: expect.stringContaining('balance:read'),
    });
  });

  it.each([
    ['no header', undefined],
    ['an unknown token', 'Bearer gbk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['not a token at all', 'Bearer hello'],
    ['a Basic header', 'Basic Z2JrXzp4'],
  ])('answers 401 UNAUTHENTICATED to %s', async (_what, authorization) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/balance',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("does not accept a console user's sign-in token on the merchant API", async () => {
    const session = await signedInUser(t, ROLE.Merchant, { merchantId: shopA.merchantId });
    const res = await t.app.inject({ method: 'GET', url: '/v1/balance', headers: session.headers });
    expect(res.statusCode).toBe(401);
  });

  it("never shows or revokes another merchant's token (404), and lists only its own", async () => {
    const token = await createApiTokenAs(shopA.console, ['balance:read']);
    const res = await shopB.console.delete(`/api-tokens/${token.id}`);
    expect(res.statusCode).toBe(404);
    expect((await merchantApi(t.app, token.secret).get('/v1/balance')).statusCode).toBe(200);
    const listB = (await shopB.console.get('/api-tokens')).json();
    expect(listB.items.map((item: { id: string }) => item.id)).not.toContain(token.id);
  });

  it.each([
    [{ name: '', scopes: ['balance:read'] }, 'body.name'],
    [{ name: 'X', scopes: [] }, 'body.scopes'],
    [{ name: 'X', scopes: ['withdrawals:delete'] }, 'body.scopes'],
    [{ name: 'X', scopes: ['balance:read', 'balance:read'] }, 'body.scopes'],
    [{ name: 'X', scopes: ['balance:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'body.expiresAt'],
    [{ name: 'X', scopes: ['balance:read'], expiresAt: 'tomorrow' }, 'body.expiresAt'],
    [{ name: 'X', scopes: ['balance:read'], merchantId: 'b1000000-0000-4000-8000-000000000002' }, 'merchantId'],
  ])('refuses %j with 422 naming %s, and creates nothing', async (payload, field) => {
    const before = (await shopA.console.get('/api-tokens?limit=100')).json().items.length;
    const res = await shopA.console.post('/api-tokens', payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().error)).toContain(field);
    expect((await shopA.console.get('/api-tokens?limit=100')).json().items.length).toBe(before);
  });

  it('pages a long list newest first without repeats', async () => {
    const shop = await merchantWithUser(t);
    for (let i = 0; i < 5; i += 1) await createApiTokenAs(shop.console, ['balance:read'], { name: `T${i}` });
    const first = (await shop.console.get('/api-tokens?limit=3')).json();
    const second = (await shop.console.get(`/api-tokens?limit=3&cursor=${first.nextCursor}`)).json();
    expect([...first.items, ...second.items].map((item: { name: string }) => item.name)).toEqual([
      'T4',
      'T3',
      'T2',
      'T1',
      'T0',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('guards every merchant API route with an API token: documented, and 401 without one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => method !== 'head')
          .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      );
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /v1/balance', 'POST /v1/payment-sessions', 'GET /v1/payment-sessions']),
    );
    for (const route of routes) {
      expect(route.op.security, route.path).toEqual([{ apiToken: [] }]);
      const url = route.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('is not open to console staff: an Admin gets 403', async () => {
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    expect((await admin.get('/api-tokens')).statusCode).toBe(403);
  });

  it('lets a member give a token only the money-out scopes it may use itself: a developer none, an owner all', async () => {
    const developer = await signedInUser(t, ROLE.Merchant, { merchantId: shopA.merchantId, merchantRole: 'developer' });
    const asDeveloper = api(t.app, developer.headers);
    const refused = await asDeveloper.post('/api-tokens', {
      name: 'Payouts',
      scopes: ['payments:read', 'refunds:write'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      fields: { 'body.scopes': 'Not yours to give: refunds:write' },
    });
    expect((await asDeveloper.post('/api-tokens', { name: 'Reads', scopes: ['payments:read'] })).statusCode).toBe(201);
    expect(
      (
        await shopA.console.post('/api-tokens', {
          name: 'Owner payouts',
          scopes: ['withdrawals:write', 'refunds:write'],
        })
      ).statusCode,
    ).toBe(201);
  });
});
