import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { ledgerJournals, webhookEvents, withdrawals } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { nextReference, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from '../withdrawals/withdrawals';
import { fundMerchant } from '../withdrawals/withdrawals.test-support';
import { type TestModeShop, testModeShop } from './test-mode.test-support';

describe('test mode money out: the test provider pays test withdrawals, refunds and settlements, never a phone', () => {
  let t: FleetTestApp;
  let m: TestModeShop;
  const db = () => t.database.db;
  const testBalance = async () => (await m.testApi.get('/v1/balance')).json();
  const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/public/withdrawals/${id}` })).json();
  const tap = (id: string, action: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/public/withdrawals/${id}/${action}`, payload });
  const open = (extra: object = {}) =>
    m.testApi.post(
      '/v1/withdrawals',
      {
        referenceNumber: nextReference(),
        amount: '50000',
        provider: 'bca',
        accountNumber: '8610012345',
        holderName: 'Siti Rahayu',
        ...extra,
      },
      { 'idempotency-key': randomUUID() },
    );
  /** Opened, verified by the test provider and confirmed by the customer: being sent. */
  const sent = async (extra: object = {}) => {
    const created = await open(extra);
    expect(created.statusCode, created.body).toBe(201);
    expect((await tap(created.json().id, 'confirm')).json().status).toBe('processing');
    return created.json().id as string;
  };
  const simulate = (id: string, outcome: string) => m.testApi.post(`/v1/test/withdrawals/${id}/simulate`, { outcome });
  const timeline = async (id: string) => {
    const result = await db().execute(
      sql`select to_status from withdrawal_events where withdrawal_id = ${id} order by id`,
    );
    return (result as unknown as { rows: { to_status: string }[] }).rows.map((row) => row.to_status);
  };
  const row = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

  beforeAll(async () => {
    t = await walletTestApp();
    m = await testModeShop(t);
    // A ready live phone, which test mode must never use.
    await readyAccount(t, 'dana');
    // Test money to take out: a test payment the test provider paid.
    const session = await m.testApi.post(
      '/v1/payment-sessions',
      { referenceNumber: nextReference(), amount: '1000000', method: 'dana' },
      { 'idempotency-key': randomUUID() },
    );
    await m.testApi.post(`/v1/test/payment-sessions/${session.json().id}/simulate`, { outcome: 'paid' });
  });
  afterAll(() => t.close());

  it('verifies a test withdrawal at once, and pays it from the test balance when the test provider says paid', async () => {
    const before = await testBalance();
    const liveBefore = (await m.shop.client.get('/v1/balance')).json();
    const created = await open();
    expect(created.statusCode, created.body).toBe(201);
    const withdrawal = created.json();
    // The test provider answered at once: the answer says so.
    expect(withdrawal).toMatchObject({ livemode: false, status: 'awaiting_confirmation' });
    // No phone asked: the test provider named the holder the merchant gave.
    const view = await page(withdrawal.id);
    expect(view).toMatchObject({ status: 'awaiting_confirmation', livemode: false });
    expect(view.destination.holderName).toBe('Siti Rahayu');

    expect((await tap(withdrawal.id, 'confirm')).json().status).toBe('processing');
    expect(await row(withdrawal.id)).toMatchObject({ walletAccountId: null, deviceId: null, livemode: false });
    const paid = await tap(withdrawal.id, 'simulate', { outcome: 'paid' });
    expect(paid.json().status).toBe('success');
    // Its timeline names no phone: the test provider's steps are the server's own.
    const detail = (await m.testConsoleApi.get(`/withdrawal-requests/${withdrawal.id}`)).json();
    expect(detail.timeline.map((step: { actor: { kind: string } }) => step.actor.kind)).toEqual([
      'api_token',
      'system',
      'customer',
      'system',
      'system',
    ]);

    const after = await testBalance();
    const taken = Number(withdrawal.amount) + Number(withdrawal.fee);
    expect(Number(before.available) - Number(after.available)).toBe(taken);
    expect(after.pending).toBe(before.pending);
    expect((await m.shop.client.get('/v1/balance')).json()).toEqual(liveBefore);
    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, withdrawal.id));
    expect(journals.map((j) => [j.kind, j.book])).toEqual([
      ['withdrawal_hold', 'test'],
      ['withdrawal_settle', 'test'],
    ]);
    const events = await db()
      .select({ type: webhookEvents.type, body: webhookEvents.body })
      .from(webhookEvents)
      .where(eq(webhookEvents.subjectId, withdrawal.id));
    expect(events.map((event) => event.type)).toContain('withdrawal.succeeded');
    expect(events.every((event) => (event.body as { livemode: boolean }).livemode === false)).toBe(true);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('walks uncertain, paid late and failed through the states a live payout takes, spending or releasing the hold once', async () => {
    const before = await testBalance();
    const unsure = await sent();
    expect((await simulate(unsure, 'uncertain')).json()).toMatchObject({ status: 'uncertain' });
    // Uncertain holds the money: it may have left.
    expect(Number((await testBalance()).pending)).toBeGreaterThan(Number(before.pending));
    expect((await simulate(unsure, 'paid_late')).statusCode).toBe(409);
    expect((await simulate(unsure, 'failed')).json()).toMatchObject({
      status: 'failed',
      failureReason: 'not_in_history',
    });
    expect(await timeline(unsure)).toEqual([
      'verifying',
      'awaiting_confirmation',
      'confirmed',
      'processing',
      'uncertain',
      'failed',
    ]);

    const late = await sent();
    expect((await simulate(late, 'paid_late')).json()).toMatchObject({ status: 'success' });
    expect((await timeline(late)).slice(-3)).toEqual(['processing', 'uncertain', 'success']);

    const refused = await sent();
    expect((await simulate(refused, 'failed')).json()).toMatchObject({ status: 'failed' });
    expect((await simulate(refused, 'paid')).statusCode).toBe(409);

    // One paid (late) and its fee left; the others' holds came back.
    const lateRow = await row(late);
    const spent = Number(lateRow?.amountMinor) + Number(lateRow?.feeMinor);
    const after = await testBalance();
    expect(Number(before.available) - Number(after.available)).toBe(spent);
    expect(after.pending).toBe(before.pending);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('answers inquiries by the destination number: no such account, someone else’s, or the named holder', async () => {
    const missing = (await open({ accountNumber: '8610010000' })).json();
    expect(await page(missing.id)).toMatchObject({ status: 'failed', failureReason: 'account_not_found' });
    // Someone else's account: held for its name, as the merchant's policy (hold) says.
    const other = (await open({ accountNumber: '8610011111' })).json();
    expect(await page(other.id)).toMatchObject({ status: 'name_review' });
    const unnamed = (await open({ holderName: undefined, accountNumber: '8610012222' })).json();
    expect((await page(unnamed.id)).destination.holderName).toBe('TEST CUSTOMER');
  });

  it('lets a test transfer nobody answers go uncertain at its deadline, as a silent phone’s would', async () => {
    const id = await sent();
    await db()
      .update(withdrawals)
      .set({ transferDeadlineAt: sql`now() - interval '1 second'` })
      .where(eq(withdrawals.id, id));
    await withdrawalsOf(t.app.ctx).transfers.sweepOverdue();
    expect(await row(id)).toMatchObject({ status: 'uncertain', failureReason: 'timeout' });
    expect((await simulate(id, 'paid')).json()).toMatchObject({ status: 'success' });
    expect((await timeline(id)).slice(-2)).toEqual(['uncertain', 'success']);
  });

  it('ends a test transfer once when outcomes are asked many times at once', async () => {
    const before = await testBalance();
    const id = await sent();
    const answers = await Promise.all(
      ['paid', 'failed', 'paid', 'failed', 'paid', 'uncertain'].map((outcome) => simulate(id, outcome)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // uncertain then paid/failed can both win: at most two moves, never two endings.
    const ends = await db()
      .select({ kind: ledgerJournals.kind })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.referenceId, id));
    expect(ends.filter((j) => j.kind !== 'withdrawal_hold')).toHaveLength(
      (await row(id))?.status === 'uncertain' ? 0 : 1,
    );
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    const status = (await row(id))?.status;
    const moved = Number(before.available) - Number((await testBalance()).available);
    const held = Number((await row(id))?.amountMinor) + Number((await row(id))?.feeMinor);
    expect(moved).toBe(status === 'failed' ? 0 : held);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refunds a test payment through the withdraw page, where the customer names the account', async () => {
    const session = (
      await m.testApi.post(
        '/v1/payment-sessions',
        { referenceNumber: nextReference(), amount: '40000', method: 'dana' },
        { 'idempotency-key': randomUUID() },
      )
    ).json();
    await m.testApi.post(`/v1/test/payment-sessions/${session.id}/simulate`, { outcome: 'paid' });
    const refund = await m.testApi.post(
      `/v1/payment-sessions/${session.id}/refunds`,
      { amount: '15000', reason: 'Out of stock' },
      { 'idempotency-key': randomUUID() },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    // The test provider's payment named no account: the customer names one.
    expect(refund.json()).toMatchObject({ status: 'awaiting_destination', livemode: false });
    const id = refund.json().id as string;
    const named = await tap(id, 'destination', { provider: 'dana', accountNumber: '081234567890' });
    expect(named.json()).toMatchObject({ status: 'awaiting_confirmation', livemode: false });
    expect((await tap(id, 'confirm')).json().status).toBe('processing');
    expect((await simulate(id, 'paid')).json()).toMatchObject({ status: 'success', kind: 'refund' });
    const refunds = (await m.testApi.get(`/v1/payment-sessions/${session.id}/refunds`)).json();
    expect(refunds.items ?? refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: 'success' })]),
    );
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('settles to a payout method in test mode without an operator: verified and sent at once', async () => {
    const method = await m.testConsoleApi.post('/payout-methods', {
      provider: 'bca',
      accountNumber: '8610013333',
      holderName: 'PT Toko Maju',
      label: 'Test account',
    });
    expect(method.statusCode, method.body).toBe(201);
    const methods = (await m.testConsoleApi.get('/payout-methods')).json().items;
    expect(methods.find((item: { id: string }) => item.id === method.json().id)).toMatchObject({ status: 'verified' });
    // The live console has none of test mode's payout methods.
    expect((await m.shop.console.get('/payout-methods')).json().items).toEqual([]);

    const requested = await m.testConsoleApi.post('/withdrawal-requests', {
      payoutMethodId: method.json().id,
      amount: '20000',
      requestId: randomUUID(),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ status: 'processing', livemode: false, sendingAccount: null });
    const id = requested.json().id as string;
    // The console in test mode ends it as the API's helper would; the live console cannot see it.
    expect((await m.shop.console.post(`/withdrawal-requests/${id}/simulate`, { outcome: 'paid' })).statusCode).toBe(
      404,
    );
    const paid = await m.testConsoleApi.post(`/withdrawal-requests/${id}/simulate`, { outcome: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'success', kind: 'settlement' });
    expect(paid.json().timeline.map((step: { toStatus: string }) => step.toStatus)).toEqual([
      'pending_approval',
      'approved',
      'processing',
      'success',
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('lets no operator act on a test withdrawal, and sends a test settlement a crash left unsent', async () => {
    const operator = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const unsure = await sent();
    await simulate(unsure, 'uncertain');
    const reconciled = await operator.post(`/withdrawal-requests/${unsure}/reconcile`, {
      outcome: 'paid',
      reference: 'TRX-1',
    });
    expect(reconciled.statusCode).toBe(409);
    expect(reconciled.json().error.message).toMatch(/test mode withdrawal/);
    expect((await row(unsure))?.status).toBe('uncertain');

    const method = await m.testConsoleApi.post('/payout-methods', {
      provider: 'bca',
      accountNumber: '8610015555',
      holderName: 'PT Toko Maju',
      label: 'Second test account',
    });
    const requested = await m.testConsoleApi.post('/withdrawal-requests', {
      payoutMethodId: method.json().id,
      amount: '5000',
      requestId: randomUUID(),
    });
    const id = requested.json().id as string;
    // As a crash between its request and its sending would leave it: approved, not sent.
    await db()
      .update(withdrawals)
      .set({
        status: 'approved',
        commandId: null,
        transferStartedAt: null,
        transferDeadlineAt: null,
        createdAt: sql`now() - interval '10 seconds'`,
      })
      .where(eq(withdrawals.id, id));
    // Nor may an operator simulate one: test mode's are the merchant's to end.
    const byOperator = await operator.post(`/withdrawal-requests/${unsure}/simulate`, { outcome: 'failed' });
    expect(byOperator.statusCode).toBe(409);
    expect((await row(unsure))?.status).toBe('uncertain');
    // An operator's "paid outside" would pay test money with real money: refused.
    const markPaid = await operator.post(`/withdrawal-requests/${id}/mark-paid`, { reference: 'CASH-1' });
    expect(markPaid.statusCode).toBe(409);
    expect(markPaid.json().error.message).toMatch(/test mode withdrawal/);
    await withdrawalsOf(t.app.ctx).testSettlements.sendUnsent();
    expect((await row(id))?.status).toBe('processing');
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('never simulates a live withdrawal, and keeps test withdrawals off operators’ lists unless they ask', async () => {
    const liveAccount = await readyAccount(t, 'dana');
    await fundMerchant(t, m.shop.merchantId, liveAccount.account.id, 200_000n);
    const liveApi = merchantApi(
      t.app,
      (await createApiTokenAs(m.shop.console, ['withdrawals:write', 'withdrawals:read'])).secret,
    );
    const live = await liveApi.post(
      '/v1/withdrawals',
      { referenceNumber: nextReference(), amount: '10000', provider: 'bca', accountNumber: '8610014444' },
      { 'idempotency-key': randomUUID() },
    );
    expect(live.statusCode, live.body).toBe(201);
    const liveId = live.json().id as string;
    expect(live.json().livemode).toBe(true);
    // A test token reads its own (test) withdrawals only; a live token simulates nothing; nor does the page.
    expect((await simulate(liveId, 'paid')).statusCode).toBe(404);
    expect((await liveApi.post(`/v1/test/withdrawals/${liveId}/simulate`, { outcome: 'paid' })).statusCode).toBe(403);
    const fromPage = await tap(liveId, 'simulate', { outcome: 'paid' });
    expect(fromPage.statusCode).toBe(403);
    expect((await row(liveId))?.status).not.toBe('success');

    const operator = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const listed = (await operator.get('/withdrawal-requests?limit=100')).json().items as {
      id: string;
      livemode: boolean;
    }[];
    expect(listed.map((item) => item.id)).toContain(liveId);
    expect(listed.every((item) => item.livemode)).toBe(true);
    const testListed = (await operator.get('/withdrawal-requests?limit=100&mode=test')).json().items as {
      livemode: boolean;
    }[];
    expect(testListed.length).toBeGreaterThan(0);
    expect(testListed.every((item) => !item.livemode)).toBe(true);
    const csv = (await operator.get('/withdrawal-requests/export')).body;
    expect(testListed.some((item) => csv.includes((item as unknown as { id: string }).id))).toBe(false);
  });
});
