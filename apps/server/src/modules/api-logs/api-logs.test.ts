import { randomUUID } from 'node:crypto';
import { API_LOG_REDACTED, ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { apiRequestLogs } from '../../db/schema';
import { createApiLogRecorder } from './api-log-recorder';
import { apiLogRecorderOf } from './api-logs';
import { createApiLogsRepository } from './api-logs.repository';

type Entry = { id: string; method: string; route: string | null; status: number; requestId: string };

/** The merchant API's request log: what a merchant's token did, as the merchant and support read it. */
describe('API request logs', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof merchantWithUser>>;
  let client: ReturnType<typeof merchantApi>;
  let token: { id: string; secret: string };
  const written = () => apiLogRecorderOf(t.app.ctx).flush();
  const logOf = async (who: ReturnType<typeof api>, query = '') => {
    await written();
    const res = await who.get(`/api-logs${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Entry[]; nextCursor: string | null };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '1000' } });
    shop = await merchantWithUser(t);
    token = await createApiTokenAs(shop.console, ['payments:write', 'payments:read', 'balance:read'], {
      name: 'Checkout server',
    });
    client = merchantApi(t.app, token.secret);
  });
  afterAll(() => t.close());

  it('keeps each request a token made with its status, timing, key and answer, personal fields redacted', async () => {
    const key = randomUUID();
    const opened = await client.post(
      '/v1/payment-sessions',
      {
        referenceNumber: `LOG-${randomUUID()}`,
        amount: '25000',
        customer: { name: 'Siti Rahma', email: 'siti@example.com', phone: '+628123456789' },
      },
      { 'idempotency-key': key },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json();
    const read = await client.get(`/v1/payment-sessions/${session.id}`);
    const refused = await client.post('/v1/payment-sessions', { amount: 'ten' }, { 'idempotency-key': randomUUID() });
    expect(refused.statusCode).toBe(422);

    const { items } = await logOf(shop.console);
    expect(items.slice(0, 3)).toMatchObject([
      { method: 'POST', route: '/v1/payment-sessions', status: 422, requestId: refused.headers['x-request-id'] },
      { method: 'GET', route: '/v1/payment-sessions/:id', status: 200, requestId: read.headers['x-request-id'] },
      {
        method: 'POST',
        route: '/v1/payment-sessions',
        url: '/v1/payment-sessions',
        status: 201,
        requestId: opened.headers['x-request-id'],
        idempotencyKey: key,
        tokenId: token.id,
        tokenName: 'Checkout server',
        tokenPrefix: expect.stringMatching(/^gbk_/),
        merchantId: shop.merchantId,
        durationMs: expect.any(Number),
      },
    ]);

    const detail = (await shop.console.get(`/api-logs/${items[2]?.id}`)).json();
    expect(detail.requestBody.customer).toEqual({ name: API_LOG_REDACTED, email: API_LOG_REDACTED, phone: '••••6789' });
    expect(detail.requestBody.amount).toBe('25000');
    expect(detail.responseBody).toMatchObject({ id: session.id, status: 'created', amount: '25000' });
    expect(detail.responseBody.customer.name).toBe(API_LOG_REDACTED);
    expect(JSON.stringify(detail)).not.toMatch(/Siti|siti@|812345/);
    const failure = (await shop.console.get(`/api-logs/${items[0]?.id}`)).json();
    expect(failure.responseBody.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    // The stored row holds no secret either: the token's secret never reaches the log.
    const stored = await t.database.db
      .select()
      .from(apiRequestLogs)
      .where(eq(apiRequestLogs.merchantId, shop.merchantId));
    expect(JSON.stringify(stored, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(token.secret);
  });

  it('narrows by status class, method, route, request id and idempotency key, newest first a page at a time', async () => {
    const key = randomUUID();
    await client.post(
      '/v1/payment-sessions',
      { referenceNumber: `LOG-${randomUUID()}`, amount: '1000' },
      { 'idempotency-key': key },
    );
    for (let i = 0; i < 3; i += 1) await client.get('/v1/balance');
    await client.get(`/v1/payment-sessions/${randomUUID()}`);

    expect((await logOf(shop.console, '?statusClass=4xx')).items.every((e) => e.status >= 400 && e.status < 500)).toBe(
      true,
    );
    expect((await logOf(shop.console, '?statusClass=4xx')).items.map((e) => e.status)).toContain(404);
    const balance = await logOf(shop.console, `?method=GET&route=${encodeURIComponent('/v1/balance')}`);
    expect(balance.items).toHaveLength(3);
    const byKey = await logOf(shop.console, `?idempotencyKey=${key}`);
    expect(byKey.items).toHaveLength(1);
    const byRequest = await logOf(shop.console, `?requestId=${byKey.items[0]?.requestId}`);
    expect(byRequest.items.map((e) => e.id)).toEqual([byKey.items[0]?.id]);

    const first = await logOf(shop.console, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await logOf(shop.console, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.id)).not.toContain(first.items[0]?.id);
    const all = await logOf(shop.console, '?limit=100');
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.slice(0, 4).map((e) => e.id));

    const bad = await shop.console.get('/api-logs?statusClass=3xx&route=/v2/anything');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['querystring.route', 'querystring.statusClass']);
  });

  it('logs a body PostgreSQL would refuse as it is (a NUL in a key or a value, a lone surrogate), and the others written with it', async () => {
    const odd = await t.app.inject({
      method: 'POST',
      url: '/v1/payment-sessions',
      headers: {
        authorization: `Bearer ${token.secret}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      payload: '{"referenceNumber":"A\\u0000B\\ud800","amount":"1000","x\\u0000y":1}',
    });
    expect(odd.statusCode).toBe(422);
    const plain = await client.get('/v1/balance');
    const items = (await logOf(shop.console)).items;
    const logged = items.find((e) => e.requestId === odd.headers['x-request-id']);
    expect(items.map((e) => e.requestId)).toContain(plain.headers['x-request-id']);
    const detail = (await shop.console.get(`/api-logs/${logged?.id}`)).json();
    expect(detail.requestBody).toMatchObject({ referenceNumber: 'A\uFFFDB\uFFFD', 'x\uFFFDy': 1 });
  });

  it('keeps the answer as it was sent, without what the response schema left out', async () => {
    const listed = await client.get('/v1/payment-sessions?limit=5');
    expect(listed.statusCode).toBe(200);
    const entry = (await logOf(shop.console)).items.find((e) => e.requestId === listed.headers['x-request-id']);
    const detail = (await shop.console.get(`/api-logs/${entry?.id}`)).json();
    const sent = listed.json();
    expect(detail.responseBody.nextCursor).toEqual(sent.nextCursor);
    expect(detail.responseBody.items.map((item: object) => Object.keys(item).sort())).toEqual(
      sent.items.map((item: object) => Object.keys(item).sort()),
    );
    expect(JSON.stringify(detail.responseBody)).not.toMatch(/walletAccountId|merchantName|cursorAt/);
  });

  it('writes the rest of a batch the database refuses one record of', async () => {
    const recorder = createApiLogRecorder({ db: t.database.db, logger: t.app.log });
    const good = (requestId: string) => ({
      merchantId: shop.merchantId,
      tokenId: token.id,
      method: 'GET',
      route: '/v1/balance',
      url: '/v1/balance',
      status: 200,
      durationMs: 1.5,
      idempotencyKey: null,
      requestId,
      ip: '203.0.113.9',
      requestBody: null,
      responseBody: { text: '{"available":"0"}' },
      at: new Date(),
    });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    recorder.record(good(ids[0] as string));
    recorder.record({ ...good(randomUUID()), merchantId: 'not-a-merchant' });
    recorder.record(good(ids[1] as string));
    recorder.record(good(ids[2] as string));
    await recorder.flush();
    const written = (await logOf(shop.console, '?limit=100')).items.map((e) => e.requestId);
    expect(written).toEqual(expect.arrayContaining(ids));
  });

  it("keeps each merchant to its own log; operators open a merchant's log by naming it", async () => {
    const other = await merchantWithUser(t);
    const otherClient = merchantApi(t.app, (await createApiTokenAs(other.console)).secret);
    await otherClient.get('/v1/balance');
    const theirs = (await logOf(other.console)).items;
    expect(theirs).toHaveLength(1);
    // Another merchant's entry is neither listed nor found, whatever id or merchant is sent.
    expect((await logOf(shop.console, `?merchantId=${other.merchantId}`)).items.map((e) => e.id)).not.toContain(
      theirs[0]?.id,
    );
    expect((await shop.console.get(`/api-logs/${theirs[0]?.id}`)).statusCode).toBe(404);

    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    const unnamed = await staff.get('/api-logs');
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().error.fields).toHaveProperty(['querystring.merchantId']);
    expect((await logOf(staff, `?merchantId=${other.merchantId}`)).items.map((e) => e.id)).toEqual([theirs[0]?.id]);
    expect((await staff.get(`/api-logs/${theirs[0]?.id}`)).json()).toMatchObject({ merchantId: other.merchantId });
    const farm = api(t.app, (await signedInUser(t, ROLE.PhoneFarm)).headers);
    expect((await farm.get(`/api-logs?merchantId=${other.merchantId}`)).statusCode).toBe(403);
  });

  it('forgets requests older than the retention and keeps the rest', async () => {
    const shopNow = await logOf(shop.console, '?limit=100');
    const [oldest, ...rest] = shopNow.items.slice(-3);
    await t.database.db
      .update(apiRequestLogs)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(eq(apiRequestLogs.id, BigInt(oldest?.id as string)));
    const repo = createApiLogsRepository(t.database.db);
    expect(await repo.prune(14, 10_000)).toBe(1);
    const after = (await logOf(shop.console, '?limit=100')).items.map((e) => e.id);
    expect(after).not.toContain(oldest?.id);
    for (const entry of rest) expect(after).toContain(entry.id);
  });
});

describe('API request logs turned off', () => {
  it('keeps nothing when API_LOG_RETENTION_DAYS is 0', async () => {
    const t = await createTestApp({ env: { API_LOG_RETENTION_DAYS: '0' } });
    try {
      const shop = await merchantWithUser(t);
      const client = merchantApi(t.app, (await createApiTokenAs(shop.console)).secret);
      expect((await client.get('/v1/balance')).statusCode).toBe(200);
      await apiLogRecorderOf(t.app.ctx).flush();
      expect((await shop.console.get('/api-logs')).json().items).toEqual([]);
      // What was logged before it was turned off goes at the next prune: 0 keeps none.
      await t.database.db.insert(apiRequestLogs).values({
        merchantId: shop.merchantId,
        method: 'GET',
        url: '/v1/balance',
        statusCode: 200,
        durationMs: 1,
        requestId: randomUUID(),
        createdAt: new Date(),
      });
      expect(await createApiLogsRepository(t.database.db).prune(0, 10_000)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
