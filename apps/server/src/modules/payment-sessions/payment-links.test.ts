import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';

describe('payment links: a customer opens a payment from /request-transaction', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  const code = `LINK${Date.now() % 100000}`;
  const open = (body: object, key: string = randomUUID(), ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/public/payment-links',
      headers: { 'idempotency-key': key },
      remoteAddress: ip,
      payload: body,
    });
  let linkShopId: string;
  const sessionCount = async () => (await admin.get('/payment-sessions?limit=100')).json().items.length;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LINKS_PER_IP_PER_HOUR: '3' } });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const terms = { currency: 'IDR', minAmount: '10000', maxAmount: '1000000', allowedMethods: ['dana'] };
    const created = await admin.post('/merchants', { ...terms, name: 'Link Shop', code, paymentLinksEnabled: true });
    expect(created.statusCode).toBe(201);
    linkShopId = created.json().id;
    expect((await admin.post('/merchants', { ...terms, name: 'No Links', code: `${code}X` })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('opens a session of a merchant that allows links, as the API would, and replays a retried request', async () => {
    const key = randomUUID();
    const res = await open({ merchantCode: code.toLowerCase(), amount: '150000' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const { sessionId, paymentUrl } = res.json();
    expect(paymentUrl).toBe(`http://localhost:3000/deposit?session=${sessionId}`);
    const detail = (await admin.get(`/payment-sessions/${sessionId}`)).json();
    expect(detail.session).toMatchObject({
      status: 'created',
      amount: '150000',
      metadata: { source: 'payment_link' },
      merchantName: 'Link Shop',
    });
    expect(detail.session.referenceNumber).toMatch(/^LINK-[0-9A-F]{20}$/);
    const again = await open({ merchantCode: code, amount: '150000' }, key, '203.0.113.8');
    expect(again.json().sessionId).toBe(sessionId);
  });

  it("a key first used on a payment link never burns the merchant's own key of the same value on /v1", async () => {
    const owner = await merchantWithUser(t, linkShopId);
    const merchantServer = merchantApi(t.app, (await createApiTokenAs(owner.console)).secret);
    // Someone who guessed the merchant's key scheme (its order numbers) gets there first.
    const key = 'ORDER-10042';
    expect((await open({ merchantCode: code, amount: '150000' }, key, '198.51.100.9')).statusCode).toBe(201);
    const own = await merchantServer.post(
      '/v1/payment-sessions',
      { referenceNumber: 'ORDER-10042', amount: '150000' },
      { 'idempotency-key': key },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().referenceNumber).toBe('ORDER-10042');
    // And the other way round: the merchant's key does not decide what a payment link opens.
    const linkAgain = await open({ merchantCode: code, amount: '150000' }, key, '198.51.100.10');
    expect(linkAgain.json().sessionId).not.toBe(own.json().id);
  });

  it('refuses a merchant that does not take links, an unknown code and an amount outside the terms, opening nothing', async () => {
    const before = await sessionCount();
    for (const merchantCode of [`${code}X`, 'NOSUCHSHOP']) {
      const res = await open({ merchantCode, amount: '150000' }, randomUUID(), '198.51.100.1');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual({
        'body.merchantCode': 'No merchant with this code takes payments by link',
      });
    }
    const small = await open({ merchantCode: code, amount: '5' }, randomUUID(), '198.51.100.1');
    expect(small.statusCode).toBe(422);
    expect(small.json().error.fields).toHaveProperty('body.amount');
    expect((await open({ merchantCode: code, amount: '150000' }, '', '198.51.100.1')).statusCode).toBe(422);
    expect(await sessionCount()).toBe(before);
  });

  it('limits how many payments one network opens an hour, saying when to try again', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 3; i += 1) {
      expect((await open({ merchantCode: code, amount: '20000' }, randomUUID(), ip)).statusCode).toBe(201);
    }
    const limited = await open({ merchantCode: code, amount: '20000' }, randomUUID(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Another network is not affected.
    expect((await open({ merchantCode: code, amount: '20000' }, randomUUID(), '192.0.2.45')).statusCode).toBe(201);
  });
});
