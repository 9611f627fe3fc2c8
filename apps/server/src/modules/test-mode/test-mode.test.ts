import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/helpers/eventually';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { ledgerAccounts, ledgerJournals, merchants, paymentSessions, webhookEvents } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { nextReference, queuedTransfer, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { arrives, connect, next } from '../realtime/realtime.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { type TestModeShop, testModeShop } from './test-mode.test-support';

describe('test mode: a merchant integrates against test money that never mixes with live money', () => {
  let t: FleetTestApp;
  let shop: TestModeShop['shop'];
  let testApi: TestModeShop['testApi'];
  let testSecret: string;
  let twinId: string;
  let operator: ReturnType<typeof api>;
  let liveAccountId: string;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let testConsole: TestModeShop['testConsole'];
  const openTest = (body: object) =>
    testApi.post(
      '/v1/payment-sessions',
      { referenceNumber: nextReference(), ...body },
      { 'idempotency-key': randomUUID() },
    );
  const simulate = (id: string, outcome: string) =>
    testApi.post(`/v1/test/payment-sessions/${id}/simulate`, { outcome });

  beforeAll(async () => {
    t = await walletTestApp();
    ({ shop, testConsole, testSecret, testApi, twinId } = await testModeShop(t));
    // 2 % + Rp 1,000: the twin takes the live merchant's terms, so a test payment costs what a live one would.
    await createMerchantsRepository(t.database.db).update(shop.merchantId, {
      depositFeeBasisPoints: 200,
      depositFeeFixedMinor: 1_000n,
    });
    dana = await readyAccount(t, 'dana');
    liveAccountId = dana.account.id;
    operator = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the console in test mode test tokens, which say so in their first characters', async () => {
    expect(testSecret).toMatch(/^gbk_test_/);
    const tokens = (await testConsole('GET', '/api-tokens')).json();
    expect(tokens.items.map((token: { prefix: string }) => token.prefix)).toEqual([testSecret.slice(0, 17)]);
    // The live console lists the live token only.
    const live = (await shop.console.get('/api-tokens')).json();
    expect(live.items.map((token: { id: string }) => token.id)).toEqual([shop.token.id]);
  });

  it('keeps the merchant’s own audit log in test mode: the test token’s creation is in it, either way', async () => {
    const inTest = (await testConsole('GET', '/audit-log?limit=50')).json().items;
    const inLive = (await shop.console.get('/audit-log?limit=50')).json().items;
    expect(inTest.map((entry: { action: string }) => entry.action)).toContain('api_token.created');
    expect(inTest).toEqual(inLive);
  });

  it('routes a test session to the test provider, never to a phone, even with a ready live account', async () => {
    const res = await openTest({ amount: '100000', method: 'dana' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'awaiting_payment', livemode: false, finalAmount: '100000' });
    const [row] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, res.json().id));
    expect(row?.walletAccountId).toBeNull();
    const page = (await t.app.inject({ method: 'GET', url: `/public/deposits/${res.json().id}` })).json();
    expect(page).toMatchObject({ livemode: false, instructions: { kind: 'qr', accountName: 'GERBANG TEST' } });
    const live = await shop.open({ referenceNumber: nextReference(), amount: '100000', method: 'dana' });
    expect(live.json()).toMatchObject({ status: 'awaiting_payment', livemode: true });
    const [liveRow] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, live.json().id));
    expect(liveRow?.walletAccountId).toBe(liveAccountId);
  });

  it('pays a test session when asked, credits the test balance only, and keeps each book balanced', async () => {
    const session = (await openTest({ amount: '50000', method: 'dana' })).json();
    const paid = await simulate(session.id, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', receivedAmount: '50000', livemode: false });
    // 50,000 − (2 % + 1,000) = 48,000 in test; the live balance has not moved.
    expect((await testApi.get('/v1/balance')).json()).toMatchObject({ available: '48000' });
    expect((await shop.client.get('/v1/balance')).json()).toMatchObject({ available: '0' });
    const journals = await t.database.db
      .select({ book: ledgerJournals.book })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.referenceId, session.id));
    expect(journals).toEqual([{ book: 'test' }]);
    const testAccounts = await t.database.db
      .select({ code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.book, 'test'));
    expect(testAccounts.map((account) => account.code).sort()).toEqual([
      'test:fees:IDR',
      `test:merchant:${twinId}:available`,
      'test:test-provider:IDR:cash',
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('walks paid late, wrong amount and failed through the states a live payment would take', async () => {
    const late = (await openTest({ amount: '20000', method: 'dana' })).json();
    expect((await simulate(late.id, 'paid_late')).json()).toMatchObject({ status: 'success' });
    const lateTimeline = await t.database.db.execute(
      sql`select to_status from payment_session_events where session_id = ${late.id} order by id`,
    );
    expect((lateTimeline as unknown as { rows: { to_status: string }[] }).rows.map((r) => r.to_status)).toEqual([
      'created',
      'awaiting_payment',
      'expired',
      'success',
    ]);

    const short = (await openTest({ amount: '100000', method: 'dana' })).json();
    // 1 % short arrives and is credited as it is: 99,000 − (2 % of 99,000 + 1,000) = 96,020.
    expect((await simulate(short.id, 'wrong_amount')).json()).toMatchObject({
      status: 'success',
      receivedAmount: '99000',
      fee: '2980',
    });

    const failed = (await openTest({ amount: '30000', method: 'dana' })).json();
    expect((await simulate(failed.id, 'failed')).json()).toMatchObject({ status: 'failed', receivedAmount: null });
    expect((await simulate(failed.id, 'paid')).statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('pays a test session once when the outcome is asked many times at once', async () => {
    const session = (await openTest({ amount: '40000', method: 'dana' })).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => simulate(session.id, 'paid')));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
    const deposits = await t.database.db
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.referenceId, session.id));
    expect(deposits).toHaveLength(1);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('tells the console in test mode, over its realtime connection, and the live console nothing', async () => {
    const token = shop.sessionHeaders.authorization.replace(/^Bearer /, '');
    const live = await connect(t.url, { token });
    const test = await connect(t.url, { token, auth: { mode: 'test' } });
    try {
      const heard: { id: string; status: string }[] = [];
      test.on('payment-session:update', (update) => heard.push(update));
      const liveHeard = arrives(live, 'payment-session:update', 1_500);
      const session = (await openTest({ amount: '25000', method: 'dana' })).json();
      const balance = next(test, 'merchant:trigger-available-balance');
      await simulate(session.id, 'paid');
      await eventually(async () => heard.some((update) => update.id === session.id && update.status === 'success'));
      await balance;
      expect(await liveHeard).toBe(false);
    } finally {
      live.close();
      test.close();
    }
  });

  it('never simulates a live session, with a live token, or on the public page', async () => {
    const live = (await shop.open({ referenceNumber: nextReference(), amount: '70000', method: 'dana' })).json();
    const page = await t.app.inject({
      method: 'POST',
      url: `/public/deposits/${live.id}/simulate`,
      payload: { outcome: 'paid' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.json().error.code).toBe('FORBIDDEN');
    const withLiveToken = await shop.client.post(`/v1/test/payment-sessions/${live.id}/simulate`, { outcome: 'paid' });
    expect(withLiveToken.json().error.code).toBe('FORBIDDEN');
    // The test token cannot see a live session at all.
    expect((await simulate(live.id, 'paid')).statusCode).toBe(404);
    expect((await shop.client.get(`/v1/payment-sessions/${live.id}`)).json()).toMatchObject({
      status: 'awaiting_payment',
    });
  });

  it('never puts real money into test mode: an operator can neither credit a twin nor match a test session', async () => {
    const transfer = await queuedTransfer(dana.phone, dana.account.id, operator, '12345', 'RINA KUSUMA');
    const session = (await openTest({ amount: '12345', method: 'dana' })).json();
    const before = (await testApi.get('/v1/balance')).json();
    const credited = await operator.post(`/transactions/${transfer.id}/credit`, {
      merchantId: twinId,
      reference: 'TEST-CREDIT',
      note: 'should not reach test mode',
    });
    expect(credited.statusCode).toBe(422);
    expect(credited.json().error.fields).toHaveProperty('body.merchantId');
    const matched = await operator.post(`/transactions/${transfer.id}/match`, {
      paymentSessionId: session.id,
      note: 'should not reach test mode',
    });
    expect(matched.statusCode).toBe(422);
    expect(matched.json().error.fields).toHaveProperty('body.paymentSessionId');
    expect((await testApi.get('/v1/balance')).json()).toEqual(before);
    expect((await testApi.get(`/v1/payment-sessions/${session.id}`)).json()).toMatchObject({
      status: 'awaiting_payment',
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets the customer pay a test session from the test deposit page', async () => {
    const session = (await openTest({ amount: '15000' })).json();
    await t.app.inject({ method: 'POST', url: `/public/deposits/${session.id}/method`, payload: { method: 'dana' } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/public/deposits/${session.id}/simulate`,
      payload: { outcome: 'paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', livemode: false });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/public/deposits/${session.id}/simulate`,
      payload: { outcome: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps test sessions off every live list and export, and shows them to operators who ask', async () => {
    const testIds = new Set(
      (await testApi.get('/v1/payment-sessions?limit=100')).json().items.map((s: { id: string }) => s.id),
    );
    const liveIds = (await shop.client.get('/v1/payment-sessions?limit=100'))
      .json()
      .items.map((s: { id: string }) => s.id);
    expect(testIds.size).toBeGreaterThan(0);
    expect(liveIds.length).toBeGreaterThan(0);
    expect(liveIds.filter((id: string) => testIds.has(id))).toEqual([]);

    const consoleLive = (await shop.console.get('/payment-sessions?limit=100')).json().items;
    expect(consoleLive.every((s: { livemode: boolean }) => s.livemode)).toBe(true);
    const consoleTest = (await testConsole('GET', '/payment-sessions?limit=100')).json().items;
    expect(new Set(consoleTest.map((s: { id: string }) => s.id))).toEqual(testIds);

    const operatorDefault = (await operator.get('/payment-sessions?limit=100')).json().items;
    expect(operatorDefault.some((s: { id: string }) => testIds.has(s.id))).toBe(false);
    const operatorTest = (await operator.get('/payment-sessions?limit=100&mode=test')).json().items;
    expect(new Set(operatorTest.map((s: { id: string }) => s.id))).toEqual(testIds);
    // Asking for the live merchant's test sessions finds its twin's.
    const ofShop = (await operator.get(`/payment-sessions?limit=100&mode=test&merchantId=${shop.merchantId}`)).json();
    expect(new Set(ofShop.items.map((s: { id: string }) => s.id))).toEqual(testIds);
    // A twin is not a merchant of Merchant Management.
    expect((await operator.get(`/merchants/${twinId}`)).statusCode).toBe(404);

    const csv = (await operator.get('/payment-sessions/export')).body;
    expect([...testIds].some((id) => csv.includes(id as string))).toBe(false);
    const merchantList = (await operator.get('/merchants?limit=100')).json().items;
    expect(merchantList.map((m: { id: string }) => m.id)).not.toContain(twinId);
  });

  it('marks test webhook events livemode false and sends them to the test callback only', async () => {
    const rows = await t.database.db
      .select({ merchantId: webhookEvents.merchantId, body: webhookEvents.body })
      .from(webhookEvents);
    const testEvents = rows.filter((row) => row.merchantId === twinId);
    expect(testEvents.length).toBeGreaterThan(0);
    expect(testEvents.every((row) => (row.body as { livemode: boolean }).livemode === false)).toBe(true);
    const liveEvents = rows.filter((row) => row.merchantId === shop.merchantId);
    expect(liveEvents.every((row) => (row.body as { livemode: boolean }).livemode === true)).toBe(true);
  });

  it('keeps the twin on the live merchant’s terms when an operator changes them', async () => {
    await createMerchantsRepository(t.database.db).update(shop.merchantId, { depositFeeBasisPoints: 300 });
    const [twin] = await t.database.db.select().from(merchants).where(eq(merchants.id, twinId));
    expect(twin).toMatchObject({
      depositFeeBasisPoints: 300,
      depositFeeFixedMinor: 1_000n,
      liveMerchantId: shop.merchantId,
    });
    expect(twin?.code.endsWith('~TEST')).toBe(true);
  });
});
