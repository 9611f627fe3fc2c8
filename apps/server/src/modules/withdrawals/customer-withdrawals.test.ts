import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { devices, webhookEvents, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, nextReference, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from './withdrawals';
import { bcaAccount, fundMerchant } from './withdrawals.test-support';

describe('customer withdrawals: the merchant API and the /withdraw page', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let payer: ReturnType<typeof merchantApi>;
  let sender: Awaited<ReturnType<typeof readyAccount>>;
  const balance = async () => (await shop.client.get('/v1/balance')).json();
  const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/public/withdrawals/${id}` })).json();
  const tap = (id: string, action: 'verify' | 'confirm' | 'cancel') =>
    t.app.inject({ method: 'POST', url: `/public/withdrawals/${id}/${action}` });
  /** Every account's phone busy (or free again): no account can send. */
  const busy = (isBusy: boolean) =>
    t.database.db.update(devices).set({ isBusy }).where(eq(devices.id, sender.phone.device.id));
  const open = (body: object, key: string = randomUUID()) =>
    payer.post('/v1/withdrawals', body, { 'idempotency-key': key });
  const body = (extra: object = {}) => ({
    referenceNumber: nextReference(),
    amount: '50000',
    provider: 'bca',
    accountNumber: bcaAccount(),
    holderName: 'Siti Rahayu',
    ...extra,
  });

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    payer = merchantApi(
      t.app,
      (await createApiTokenAs(shop.console, ['withdrawals:write', 'withdrawals:read'])).secret,
    );
    sender = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, sender.account.id, 500_000n);
  });
  afterAll(() => t.close());

  it('holds the amount at creation, verifies the destination, and sends it when the customer confirms', async () => {
    const before = await balance();
    const created = await open(body());
    expect(created.statusCode).toBe(201);
    const withdrawal = created.json();
    expect(withdrawal.withdrawUrl).toMatch(new RegExp(`/withdraw\\?withdrawal=${withdrawal.id}$`));
    expect(Number(before.available) - Number((await balance()).available)).toBe(50_000);

    const verified = await eventually(async () => {
      const view = await page(withdrawal.id);
      return view.status === 'awaiting_confirmation' ? view : null;
    });
    expect(verified.destination).toMatchObject({ providerName: 'BCA', holderName: TEST_HOLDER_NAME });
    const left = Date.parse(verified.confirmDeadlineAt) - Date.parse(verified.serverTime);
    expect(left).toBeGreaterThan(100_000);
    expect(left).toBeLessThanOrEqual(120_000);

    expect((await tap(withdrawal.id, 'confirm')).statusCode).toBe(200);
    await eventually(async () => (await page(withdrawal.id)).status === 'success');
    const after = await balance();
    expect(Number(before.available) - Number(after.available)).toBe(50_000);
    expect(after.pending).toBe(before.pending);
    const events = await t.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.subjectId, withdrawal.id));
    expect(events.map((e) => e.type)).toEqual([
      'withdrawal.verifying',
      'withdrawal.awaiting_confirmation',
      'withdrawal.confirmed',
      'withdrawal.processing',
      'withdrawal.succeeded',
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lists each withdrawal exactly as its own answer shows it, newest first by cursor', async () => {
    // Quotes, a backslash and accents in the name survive the list's SQL-built JSON.
    const first = (await open(body({ holderName: 'Sití "Rahayu" \\' }))).json();
    const second = (await open(body())).json();
    // Verified and waiting for the customer: nothing changes either until they act.
    for (const { id } of [first, second])
      await eventually(async () => (await page(id)).status === 'awaiting_confirmation');
    const listed: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const res = await payer.get(`/v1/withdrawals?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      listed.push(...res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(listed.slice(0, 2).map((w) => w.id)).toEqual([second.id, first.id]);
    for (const item of listed) expect(item).toEqual((await payer.get(`/v1/withdrawals/${item.id}`)).json());
    await Promise.all([tap(first.id, 'cancel'), tap(second.id, 'cancel')]);
  });

  it('replays the first answer for the same key and body, and holds once', async () => {
    const key = randomUUID();
    const request = body();
    const before = await balance();
    const first = await open(request, key);
    const again = await open(request, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(Number(before.available) - Number((await balance()).available)).toBe(50_000);
    const other = await open({ ...request, amount: '60000' }, key);
    expect(other.statusCode).toBe(422);
    await tap(first.json().id, 'cancel');
  });

  it('refuses what the balance does not cover with 422 INSUFFICIENT_BALANCE and holds nothing', async () => {
    const before = await balance();
    const res = await open(body({ amount: '90000000' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance()).toEqual(before);
    const foreign = await open(body({ provider: 'gcash', accountNumber: '09171234567' }));
    expect(foreign.json().error.fields).toHaveProperty(['body.provider']);
  });

  it('lets the customer cancel before sending; the hold is released and a second cancel changes nothing', async () => {
    const before = await balance();
    const withdrawal = (await open(body())).json();
    await eventually(async () => (await page(withdrawal.id)).status === 'awaiting_confirmation');
    const cancelled = await tap(withdrawal.id, 'cancel');
    expect(cancelled.json().status).toBe('cancelled');
    expect((await tap(withdrawal.id, 'cancel')).json().status).toBe('cancelled');
    expect(await balance()).toEqual(before);
    expect((await tap(withdrawal.id, 'confirm')).statusCode).toBe(409);
  });

  it('sends the customer back to verify when the confirmation deadline passes', async () => {
    const withdrawal = (await open(body())).json();
    await eventually(async () => (await page(withdrawal.id)).status === 'awaiting_confirmation');
    await t.database.db
      .update(withdrawals)
      .set({ confirmDeadlineAt: new Date(Date.now() - 1000) })
      .where(eq(withdrawals.id, withdrawal.id));
    const late = await tap(withdrawal.id, 'confirm');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Confirmation timeout. Please verify again.');
    const view = await page(withdrawal.id);
    expect(view).toMatchObject({ status: 'verifying', lastError: 'confirmation_timeout', confirmDeadlineAt: null });
    expect(sender.commands.filter((c) => c.type === 'transfer' && c.payload.transferId === withdrawal.id)).toHaveLength(
      0,
    );
    // Verifying again asks the provider again.
    await tap(withdrawal.id, 'verify');
    await eventually(async () => (await page(withdrawal.id)).status === 'awaiting_confirmation');
    await tap(withdrawal.id, 'cancel');
  });

  it('says verification timed out when no phone can ask, and verifies again once one can', async () => {
    await t.database.db.update(devices).set({ isBusy: true }).where(eq(devices.id, sender.phone.device.id));
    let id = '';
    try {
      id = (await open(body())).json().id;
      const view = await eventually(async () => {
        const now = await page(id);
        return now.lastError === 'verification_timeout' ? now : null;
      });
      expect(view.status).toBe('verifying');
    } finally {
      await t.database.db.update(devices).set({ isBusy: false }).where(eq(devices.id, sender.phone.device.id));
    }
    await tap(id, 'verify');
    await eventually(async () => (await page(id)).status === 'awaiting_confirmation');
    expect((await page(id)).lastError).toBeNull();
    await tap(id, 'cancel');
  });

  it('keeps a confirmation made while every account is busy, and sends it once one is free', async () => {
    const id = (await open(body())).json().id;
    await eventually(async () => (await page(id)).status === 'awaiting_confirmation');
    await busy(true);
    try {
      expect((await tap(id, 'confirm')).statusCode).toBe(200);
      const waiting = await page(id);
      // To the customer it is on its way; the merchant sees it confirmed and still unsent.
      expect(waiting).toMatchObject({ status: 'processing', confirmDeadlineAt: null });
      expect((await payer.get(`/v1/withdrawals/${id}`)).json().status).toBe('confirmed');
      expect((await tap(id, 'confirm')).statusCode).toBe(200);
    } finally {
      await busy(false);
    }
    await eventually(async () => (await page(id)).status === 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('fails a confirmed withdrawal no account takes in time, releasing its hold', async () => {
    const before = await balance();
    const id = (await open(body())).json().id;
    await eventually(async () => (await page(id)).status === 'awaiting_confirmation');
    await busy(true);
    try {
      expect((await tap(id, 'confirm')).statusCode).toBe(200);
      // WITHDRAWAL_QUEUE_SECONDS pass with every account still busy.
      await t.database.db
        .update(withdrawals)
        .set({ confirmDeadlineAt: new Date(Date.now() - 1000) })
        .where(eq(withdrawals.id, id));
      await withdrawalsOf(t.app.ctx).customers?.sweep();
      expect(await page(id)).toMatchObject({ status: 'failed', failureReason: 'no_account_available' });
      expect((await balance()).available).toBe(before.available);
    } finally {
      await busy(false);
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('fails when the provider knows no such account, releasing the hold', async () => {
    const before = await balance();
    const failing = await readyAccount(t, 'livin', (command) =>
      command.type === 'account-inquiry' ? { ok: false, errorCode: 'account_not_found' } : undefined,
    );
    await t.database.db.update(devices).set({ isBusy: true }).where(eq(devices.id, sender.phone.device.id));
    try {
      const withdrawal = (await open(body())).json();
      await eventually(async () => (await page(withdrawal.id)).status === 'failed');
      expect((await page(withdrawal.id)).failureReason).toBe('account_not_found');
      expect(await balance()).toEqual(before);
    } finally {
      await t.database.db.update(devices).set({ isBusy: false }).where(eq(devices.id, sender.phone.device.id));
      failing.phone.socket.disconnect();
    }
  });

  it('keeps merchants apart and needs the withdrawals scopes', async () => {
    const mine = (await open(body())).json();
    const other = await merchantWithToken(t);
    const theirs = merchantApi(t.app, (await createApiTokenAs(other.console, ['withdrawals:read'])).secret);
    expect((await theirs.get(`/v1/withdrawals/${mine.id}`)).statusCode).toBe(404);
    expect((await other.client.post('/v1/withdrawals', body(), { 'idempotency-key': randomUUID() })).statusCode).toBe(
      403,
    );
    expect((await payer.get('/v1/withdrawals')).json().items.map((w: { id: string }) => w.id)).toContain(mine.id);
    await withdrawalsOf(t.app.ctx).customers.cancel(mine.id, 'merchant', shop.merchantId);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
