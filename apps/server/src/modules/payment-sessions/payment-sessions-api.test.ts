import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, merchants, paymentSessions, webhookEvents } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { requestHash } from '../idempotency/idempotency';
import { walletTestApp } from '../wallets/wallets.test-support';
import { paymentSessionsOf } from './payment-sessions';
import { merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

describe('POST /v1/payment-sessions and reading sessions back', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let other: Awaited<ReturnType<typeof merchantWithToken>>;
  let danaAccountId: string;
  const countOf = async (table: typeof webhookEvents) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t, 'd1000000-0000-4000-8000-000000000001');
    other = await merchantWithToken(t, 'e1000000-0000-4000-8000-000000000002');
    // 2.5 % + Rp 1,000, like a real merchant's terms.
    await t.database.db
      .update(merchants)
      .set({ depositFeeBasisPoints: 250, depositFeeFixedMinor: 1_000n })
      .where(eq(merchants.id, shop.merchantId));
    danaAccountId = (await readyAccount(t, 'dana')).account.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens a session without a method: created, the fee computed, a payment page to send the customer to', async () => {
    const referenceNumber = nextReference();
    const res = await shop.open({
      referenceNumber,
      amount: '150000.00',
      customer: { name: 'Budi', email: 'budi@example.com' },
      metadata: { orderId: 42 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({
      referenceNumber,
      currency: 'IDR',
      amount: '150000',
      discountAmount: '0',
      extraFee: '0',
      finalAmount: '150000',
      fee: '4750',
      status: 'created',
      method: null,
      customer: { name: 'Budi', email: 'budi@example.com' },
      metadata: { orderId: 42 },
      paidAt: null,
    });
    expect(session.paymentUrl).toBe(`http://localhost:3000/deposit?session=${session.id}`);
    const minutes = (Date.parse(session.expiresAt) - Date.parse(session.createdAt)) / 60_000;
    expect(minutes).toBeCloseTo(15, 0);
  });

  it('gives a method an account and makes each open final amount on it unique', async () => {
    const first = (await shop.open({ referenceNumber: nextReference(), amount: '250000', method: 'dana' })).json();
    const second = (await shop.open({ referenceNumber: nextReference(), amount: '250000', method: 'dana' })).json();
    expect(first).toMatchObject({ status: 'awaiting_payment', method: 'dana', finalAmount: '250000' });
    expect(second).toMatchObject({ status: 'awaiting_payment', discountAmount: '1', finalAmount: '249999' });
    const rows = await t.database.db
      .select({ account: paymentSessions.walletAccountId })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, first.id));
    expect(rows[0]?.account).toBe(danaAccountId);
  });

  it('keeps a session open when no account of the method can receive, for the customer to choose another', async () => {
    const res = await shop.open({ referenceNumber: nextReference(), amount: '50000', method: 'livin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'created', method: 'livin', discountAmount: '0' });
  });

  it.each([
    [{ amount: '9999' }, 'body.amount', 'minimum'],
    [{ amount: '10000001' }, 'body.amount', 'maximum'],
    [{ amount: '15000.5' }, 'body.amount', 'decimal'],
    [{ amount: '-5' }, 'body.amount', ''],
    [{ amount: ' 150000' }, 'body.amount', 'plain decimal'],
    [{ amount: '150000\n' }, 'body.amount', 'plain decimal'],
    [{ amount: 15000 }, 'body.amount', ''],
    [{ amount: '15000', method: 'maya' }, 'body.method', ''],
    [{ amount: '15000', method: 'gopay' }, 'body.method', ''],
    [{ amount: '15000', customer: { email: 'not-an-email' } }, 'body.customer.email', ''],
    [{ amount: '15000', returnUrl: 'javascript:alert(1)' }, 'body.returnUrl', ''],
    [{ amount: '15000', surprise: true }, 'surprise', ''],
  ])('refuses %j with 422 naming %s, and opens nothing', async (fields, field, words) => {
    const referenceNumber = nextReference();
    const res = await shop.open({ referenceNumber, ...fields });
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json().error)).toContain(field);
    if (words) expect(JSON.stringify(res.json().error.fields)).toContain(words);
    const listed = await shop.client.get(`/v1/payment-sessions?referenceNumber=${referenceNumber}`);
    expect(listed.json().items).toEqual([]);
  });

  it('requires an Idempotency-Key, naming the header', async () => {
    const res = await shop.client.post('/v1/payment-sessions', { referenceNumber: nextReference(), amount: '20000' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toContain('headers.idempotency-key');
  });

  it('answers 409 while the first request with a key is still running, and creates nothing', async () => {
    const key = randomUUID();
    const body = { referenceNumber: nextReference(), amount: '33000' };
    // The first request's claim, as a request still in flight leaves it.
    await t.database.db.insert(idempotencyKeys).values({
      merchantId: shop.merchantId,
      key,
      requestHash: requestHash('POST /v1/payment-sessions', body),
      status: 'running',
    });
    const res = await shop.open(body, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    const listed = await shop.client.get(`/v1/payment-sessions?referenceNumber=${body.referenceNumber}`);
    expect(listed.json().items).toEqual([]);
  });

  it('fails a session the customer said they paid when no transfer came in the grace after its limit', async () => {
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '34000', method: 'dana' })).json();
    await t.app.inject({ method: 'POST', url: `/public/deposits/${session.id}/transferred` });
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '5 minutes'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    // Still inside the grace: the transfer may yet be reported.
    expect((await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status).toBe('processing');
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '11 minutes'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    expect((await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status).toBe('failed');
  });

  // Without a method a session is opened by one statement that stores its own answer; with one,
  // in a transaction with the account's reservation.
  it.each([
    ['without a method', {}],
    ['with a method', { method: 'dana' }],
  ])(
    'replays the first answer to the same key and body, and refuses the key with another body (%s)',
    async (_, extra) => {
      const key = randomUUID();
      const body = {
        referenceNumber: nextReference(),
        amount: '30000',
        customer: { name: 'Siti', email: 'siti@example.com' },
        metadata: { orderId: 7, note: 'Lantai 2, "B" \\ ünï', gift: true, coupon: null },
        returnUrl: 'https://shop.example/return',
        ...extra,
      };
      const first = await shop.open(body, key);
      expect(first.statusCode).toBe(201);
      const { referenceNumber, ...rest } = body;
      const again = await shop.open({ ...rest, referenceNumber }, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect((await shop.client.get(`/v1/payment-sessions/${first.json().id}`)).json()).toEqual(first.json());
      const changed = await shop.open({ ...body, amount: '30001' }, key);
      expect(changed.statusCode).toBe(422);
      expect(changed.json().error.fields).toHaveProperty(['headers.idempotency-key']);
    },
  );

  it('forgets a key after 24 hours: the merchant may use it again', async () => {
    const key = randomUUID();
    const first = (await shop.open({ referenceNumber: nextReference(), amount: '31000' }, key)).json();
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const again = await shop.open({ referenceNumber: nextReference(), amount: '32000' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.id);
  });

  // Without a method the second request waits for the first's statement and gets its answer;
  // with one, it may find the first still running (409, retry).
  it.each([
    ['without a method', {}, [201]],
    ['with a method', { method: 'dana' }, [201, 409]],
  ])('opens exactly one session for 50 concurrent requests with one key (%s)', async (_, extra, statuses) => {
    const key = randomUUID();
    const body = { referenceNumber: nextReference(), amount: '40000', ...extra };
    const answers = await Promise.all(Array.from({ length: 50 }, () => shop.open(body, key)));
    const created = answers.filter((res) => res.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((res) => res.json().id)).size).toBe(1);
    for (const res of answers) expect(statuses).toContain(res.statusCode);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentSessions)
      .where(eq(paymentSessions.referenceNumber, body.referenceNumber));
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a reference number the merchant already used (409 naming it), under another key', async () => {
    const referenceNumber = nextReference();
    expect((await shop.open({ referenceNumber, amount: '20000' })).statusCode).toBe(201);
    const eventsBefore = await countOf(webhookEvents);
    const key = randomUUID();
    const res = await shop.open({ referenceNumber, amount: '20000' }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty(['body.referenceNumber']);
    // Nothing was written for it, and its key is free again.
    expect(await countOf(webhookEvents)).toBe(eventsBefore);
    expect((await shop.open({ referenceNumber: nextReference(), amount: '20000' }, key)).statusCode).toBe(201);
    // Another merchant may use the same reference.
    expect((await other.open({ referenceNumber, amount: '20000' })).statusCode).toBe(201);
  });

  it("shows a merchant its own sessions only: another merchant's id is 404 and absent from the list", async () => {
    const mine = (await shop.open({ referenceNumber: nextReference(), amount: '20000' })).json();
    expect((await shop.client.get(`/v1/payment-sessions/${mine.id}`)).json()).toEqual(mine);
    expect((await other.client.get(`/v1/payment-sessions/${mine.id}`)).statusCode).toBe(404);
    const theirs = (await other.client.get('/v1/payment-sessions?limit=100')).json();
    expect(theirs.items.map((s: { id: string }) => s.id)).not.toContain(mine.id);
  });

  it('lists newest first by status, with a cursor', async () => {
    const shop2 = await merchantWithToken(t);
    for (let i = 0; i < 3; i += 1) await shop2.open({ referenceNumber: `L-${i}`, amount: '20000' });
    const page1 = (await shop2.client.get('/v1/payment-sessions?limit=2&status=created')).json();
    const page2 = (
      await shop2.client.get(`/v1/payment-sessions?limit=2&status=created&cursor=${page1.nextCursor}`)
    ).json();
    expect([...page1.items, ...page2.items].map((s: { referenceNumber: string }) => s.referenceNumber)).toEqual([
      'L-2',
      'L-1',
      'L-0',
    ]);
  });

  it("shows operators every merchant's sessions with the merchant and the account, filtered", async () => {
    const mine = (await shop.open({ referenceNumber: nextReference(), amount: '21000', method: 'dana' })).json();
    const theirs = (await other.open({ referenceNumber: nextReference(), amount: '22000' })).json();
    const all = await t.app.inject({ url: '/payment-sessions?limit=100', headers: t.admin.headers });
    expect(all.statusCode).toBe(200);
    const ids = all.json().items.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const filtered = await t.app.inject({
      url: `/payment-sessions?merchantId=${shop.merchantId}&status=awaiting_payment&limit=100`,
      headers: t.admin.headers,
    });
    const items = filtered.json().items as {
      id: string;
      merchantId: string;
      merchantName: string;
      walletAccountId: string;
    }[];
    expect(items.map((s) => s.id)).toContain(mine.id);
    expect(items.every((s) => s.merchantId === shop.merchantId)).toBe(true);
    expect(items.find((s) => s.id === mine.id)).toMatchObject({
      merchantName: expect.stringMatching(/^Test Merchant/),
      walletAccountId: danaAccountId,
    });
  });

  it('lists each session exactly as its own answer shows it, to the merchant and to operators', async () => {
    const opened = await shop.open({
      referenceNumber: nextReference(),
      amount: '150000',
      method: 'dana',
      customer: { name: 'Siti "Sari" Ñuñez 🙂', email: 'siti@example.com' },
      metadata: { orderId: 7, note: 'line\nbreak "quoted" \\ back', paid: true },
      returnUrl: 'https://shop.example/return?x=1&y=2',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const own = (await shop.client.get(`/v1/payment-sessions/${opened.json().id}`)).json();
    const listed = await shop.client.get(
      `/v1/payment-sessions?limit=1&referenceNumber=${encodeURIComponent(own.referenceNumber)}`,
    );
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(listed.json()).toEqual({ items: [own], nextCursor: null });
    const operators = await t.app.inject({
      url: `/payment-sessions?merchantId=${shop.merchantId}&limit=100`,
      headers: t.admin.headers,
    });
    const item = operators.json().items.find((s: { id: string }) => s.id === own.id);
    expect(item).toEqual({
      ...own,
      merchantId: shop.merchantId,
      merchantName: expect.stringMatching(/^Test Merchant/),
      walletAccountId: danaAccountId,
    });
  });

  it('refuses new sessions for a suspended merchant (409 MERCHANT_SUSPENDED)', async () => {
    const paused = await merchantWithToken(t);
    await t.database.db.update(merchants).set({ status: 'suspended' }).where(eq(merchants.id, paused.merchantId));
    const res = await paused.open({ referenceNumber: nextReference(), amount: '20000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('MERCHANT_SUSPENDED');
  });

  it('expires a session past its time limit, and frees its final amount once the report lag has passed', async () => {
    const stale = (await shop.open({ referenceNumber: nextReference(), amount: '60000', method: 'dana' })).json();
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentSessions.id, stale.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    expect((await shop.client.get(`/v1/payment-sessions/${stale.id}`)).json().status).toBe('expired');
    // A transfer of its customer may still be reported: its amount is held a while.
    const soon = (await shop.open({ referenceNumber: nextReference(), amount: '60000', method: 'dana' })).json();
    expect(soon.finalAmount).toBe('59999');
    // The skew and the report lag (DEPOSIT_REPORT_LAG_SECONDS) pass: the amount is free again.
    await t.database.db
      .update(paymentSessions)
      .set({ updatedAt: sql`now() - interval '13 minutes'` })
      .where(eq(paymentSessions.id, stale.id));
    const next = (await shop.open({ referenceNumber: nextReference(), amount: '60000', method: 'dana' })).json();
    expect(next.finalAmount).toBe('60000');
  });
});
