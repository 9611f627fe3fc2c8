import { createApiWithdrawal } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantWithUser } from '../../../test/helpers/merchant-api';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

type Shop = Awaited<ReturnType<typeof merchantWithUser>>;

/** A `/v1` call with the token, from `ip` (or through a proxy that says so). */
function callFrom(t: TestApp, secret: string, ip: string, extra: { forwardedFor?: string; url?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url: extra.url ?? '/v1/balance',
    remoteAddress: ip,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(extra.forwardedFor ? { 'x-forwarded-for': extra.forwardedFor } : {}),
    },
  });
}

/** A money-out call with an empty body: a token let through gets 422 (validation), a refused one 403. */
function withdrawFrom(t: TestApp, secret: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: createApiWithdrawal.path,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${secret}` },
    payload: {},
  });
}

const tokenWith = (shop: Shop, allowedNetworks: string[], scopes: string[] = ['balance:read']) =>
  shop.console.post('/api-tokens', { name: 'Networks', scopes, allowedNetworks });

describe('API tokens restricted to networks', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await merchantWithUser(t);
  });
  afterAll(() => t.close());

  it('lets calls in from inside an IPv4 network and refuses the rest 403 IP_NOT_ALLOWED, audited', async () => {
    const res = await tokenWith(shop, ['203.0.113.0/24', '198.51.100.7']);
    expect(res.statusCode).toBe(201);
    const token = res.json();
    expect(token.allowedNetworks).toEqual(['203.0.113.0/24', '198.51.100.7/32']);
    expect((await shop.console.get('/api-tokens')).json().items[0].allowedNetworks).toEqual(token.allowedNetworks);

    expect((await callFrom(t, token.secret, '203.0.113.9')).statusCode).toBe(200);
    expect((await callFrom(t, token.secret, '198.51.100.7')).statusCode).toBe(200);
    expect((await callFrom(t, token.secret, '::ffff:203.0.113.200')).statusCode).toBe(200);
    const outside = await callFrom(t, token.secret, '198.51.100.8');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error).toMatchObject({ code: 'IP_NOT_ALLOWED' });
    expect(outside.json().error.message).toContain('198.51.100.8');
    const audit = await t.app.ctx.audit.listForTarget('api_token', token.id);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.apiTokenNetworkRefused)).toMatchObject({
      ip: '198.51.100.8',
    });
  });

  it('checks IPv6 networks', async () => {
    const token = (await tokenWith(shop, ['2001:db8:abcd::/48'])).json();
    expect((await callFrom(t, token.secret, '2001:db8:abcd:12::1')).statusCode).toBe(200);
    expect((await callFrom(t, token.secret, '2001:db8:abce::1')).statusCode).toBe(403);
    expect((await callFrom(t, token.secret, '203.0.113.9')).statusCode).toBe(403);
  });

  it('a token without networks is called from anywhere', async () => {
    const token = await createApiTokenAs(shop.console, ['balance:read']);
    expect((await callFrom(t, token.secret, '192.0.2.44')).statusCode).toBe(200);
  });

  it('refuses a network that is not one, naming the field, and creates nothing', async () => {
    const before = (await shop.console.get('/api-tokens')).json().items.length;
    for (const bad of ['10.0.0.0/33', 'example.com', '300.1.2.3', '2001:db8::/129']) {
      const res = await tokenWith(shop, [bad]);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields).join()).toContain('allowedNetworks');
    }
    expect((await shop.console.get('/api-tokens')).json().items.length).toBe(before);
  });

  it('behind a trusted proxy, the client address it forwards is the one checked', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const proxiedShop = await merchantWithUser(proxied);
      const token = (await tokenWith(proxiedShop, ['203.0.113.0/24'])).json();
      expect((await callFrom(proxied, token.secret, '127.0.0.1', { forwardedFor: '203.0.113.5' })).statusCode).toBe(
        200,
      );
      expect((await callFrom(proxied, token.secret, '127.0.0.1', { forwardedFor: '192.0.2.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a forwarded address proves nothing: the socket's address is checked.
    const token = (await tokenWith(shop, ['203.0.113.0/24'])).json();
    expect((await callFrom(t, token.secret, '127.0.0.1', { forwardedFor: '203.0.113.5' })).statusCode).toBe(403);
  });

  it('a merchant that requires networks on money-out tokens: new ones must name some, old ones are refused on money-out routes only', async () => {
    const strict = await merchantWithUser(t);
    const old = await createApiTokenAs(strict.console, ['withdrawals:write', 'balance:read']);
    expect((await withdrawFrom(t, old.secret, '192.0.2.10')).statusCode).toBe(422);

    const policy = await strict.console.put('/api-tokens/policy', { allowlistRequiredForMoneyOut: true });
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual({ allowlistRequiredForMoneyOut: true, requiredByOperator: false });
    expect((await strict.console.get('/api-tokens/policy')).json().allowlistRequiredForMoneyOut).toBe(true);

    const refused = await withdrawFrom(t, old.secret, '192.0.2.10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('IP_NOT_ALLOWED');
    expect((await callFrom(t, old.secret, '192.0.2.10')).statusCode).toBe(200);

    const unnamed = await tokenWith(strict, [], ['withdrawals:write']);
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().error.fields).toHaveProperty(['body.allowedNetworks']);
    expect((await tokenWith(strict, [], ['payments:write'])).statusCode).toBe(201);
    const named = (await tokenWith(strict, ['192.0.2.0/24'], ['withdrawals:write'])).json();
    expect((await withdrawFrom(t, named.secret, '192.0.2.10')).statusCode).toBe(422);
  });

  it('the operator can require networks on every merchant money-out token', async () => {
    const operatorStrict = await createTestApp({ env: { API_TOKEN_ALLOWLIST_REQUIRED: 'true' } });
    try {
      const anyShop = await merchantWithUser(operatorStrict);
      expect((await anyShop.console.get('/api-tokens/policy')).json()).toEqual({
        allowlistRequiredForMoneyOut: false,
        requiredByOperator: true,
      });
      expect((await tokenWith(anyShop, [], ['withdrawals:write'])).statusCode).toBe(422);
    } finally {
      await operatorStrict.close();
    }
  });
});
