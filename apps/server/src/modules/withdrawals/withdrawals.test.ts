import { ROLE } from '@gerbang/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { auditLog, merchants, webhookEvents, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { bcaAccount, fundMerchant, verifiedPayoutMethod } from './withdrawals.test-support';

describe('payout methods and settlements', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let sender: Awaited<ReturnType<typeof readyAccount>>;
  let secondAdmin: ReturnType<typeof api>;
  const balance = async () => (await shop.client.get('/v1/balance')).json();
  const statusOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/withdrawal-requests/${id}`, headers: t.admin.headers })).json().status;

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    // A 1% + 1,000 withdrawal fee, held with the amount.
    await t.database.db
      .update(merchants)
      .set({ withdrawalFeeBasisPoints: 100, withdrawalFeeFixedMinor: 1000n })
      .where(eq(merchants.id, shop.merchantId));
    sender = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, sender.account.id, 1_000_000n);
    secondAdmin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(() => t.close());

  it('verifies a new payout method through a phone and shows the holder name the provider gave', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    expect(method).toMatchObject({ status: 'verified', verifiedHolderName: TEST_HOLDER_NAME, inUse: false });
    const inquiry = sender.commands.find((c) => c.type === 'account-inquiry');
    expect(inquiry?.payload).toMatchObject({ destination: { provider: 'bca', accountNumber: method.accountNumber } });
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, method.id));
    expect(audited.map((row) => row.action).sort()).toEqual(['payout_method.created', 'payout_method.verified']);
  });

  it('refuses a destination in another currency and a malformed account number, naming the field', async () => {
    const gcash = await shop.console.post('/payout-methods', {
      provider: 'gcash',
      accountNumber: '09171234567',
      holderName: 'X',
    });
    expect(gcash.statusCode).toBe(422);
    expect(gcash.json().error.fields).toHaveProperty(['body.provider']);
    const short = await shop.console.post('/payout-methods', { provider: 'bca', accountNumber: '12', holderName: 'X' });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields['body.accountNumber']).toMatch(/6 to 20 digits/);
  });

  it('fails verification with the reason when the provider knows no such account', async () => {
    const failing = await readyAccount(t, 'livin', (command) =>
      command.type === 'account-inquiry'
        ? { ok: false, errorCode: 'account_not_found', error: 'No such account' }
        : undefined,
    );
    // Only the failing phone can answer: the first one is busy elsewhere.
    await t.database.db.execute(sql`update devices set is_busy = true where id = ${sender.phone.device.id}`);
    try {
      const res = await shop.console.post('/payout-methods', {
        provider: 'bri',
        accountNumber: bcaAccount(),
        holderName: 'Nobody',
      });
      expect(res.statusCode).toBe(201);
      const failed = await eventually(async () => {
        const list = (await shop.console.get('/payout-methods')).json().items;
        const m = list.find((x: { id: string }) => x.id === res.json().id);
        return m?.status === 'failed' ? m : null;
      });
      expect(failed.failureReason).toBe('account_not_found');
    } finally {
      await t.database.db.execute(sql`update devices set is_busy = false where id = ${sender.phone.device.id}`);
      failing.phone.socket.disconnect();
    }
  });

  it('holds the amount and fee at request, needs a second operator to approve, pays through the phone and settles', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const before = await balance();
    // An operator requests it for the merchant: that operator is its maker.
    const made = await t.app.inject({
      method: 'POST',
      url: '/withdrawal-requests',
      headers: t.admin.headers,
      payload: { merchantId: shop.merchantId, payoutMethodId: method.id, amount: '100000' },
    });
    expect(made.statusCode).toBe(201);
    const request = made.json();
    expect(request).toMatchObject({ status: 'pending_approval', amount: '100000', fee: '2000' });
    const held = await balance();
    expect(Number(before.available) - Number(held.available)).toBe(102_000);
    expect(Number(held.pending) - Number(before.pending)).toBe(102_000);

    const self = await t.app.inject({
      method: 'POST',
      url: `/withdrawal-requests/${request.id}/approve`,
      headers: t.admin.headers,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(await statusOf(request.id)).toBe('pending_approval');

    expect((await secondAdmin.post(`/withdrawal-requests/${request.id}/approve`)).statusCode).toBe(200);
    const sent = await secondAdmin.post(`/withdrawal-requests/${request.id}/execute`, {});
    expect(sent.statusCode).toBe(200);
    await eventually(async () => (await statusOf(request.id)) === 'success');
    const transfer = sender.commands.find((c) => c.type === 'transfer' && c.payload.transferId === request.id);
    expect(transfer?.payload).toMatchObject({
      amount: '100000',
      destination: { provider: 'bca', accountNumber: method.accountNumber, holderName: TEST_HOLDER_NAME },
    });
    const after = await balance();
    expect(after.available).toBe(held.available);
    expect(Number(after.pending)).toBe(Number(before.pending));
    const detail = (await shop.console.get(`/withdrawal-requests/${request.id}`)).json();
    expect(detail.timeline.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'pending_approval',
      'approved',
      'processing',
      'success',
    ]);
    const events = await t.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.subjectId, request.id));
    expect(events.map((e) => e.type)).toEqual([
      'withdrawal.pending_approval',
      'withdrawal.approved',
      'withdrawal.processing',
      'withdrawal.succeeded',
    ]);
    // The detail shows the merchant what it was told: the same events, with their deliveries.
    expect(detail.webhooks.map((e: { type: string }) => e.type)).toEqual(events.map((e) => e.type));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses more than the available balance with 422 INSUFFICIENT_BALANCE and holds nothing', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const before = await balance();
    const res = await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '5000000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance()).toEqual(before);
  });

  it('lets the merchant cancel a pending request (released) and refuses to remove a method an open request uses', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const before = await balance();
    const request = (
      await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '50000' })
    ).json();
    const removal = await shop.console.delete(`/payout-methods/${method.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.code).toBe('PAYOUT_METHOD_IN_USE');
    expect((await shop.console.post(`/withdrawal-requests/${request.id}/cancel`)).statusCode).toBe(200);
    expect(await balance()).toEqual(before);
    expect((await shop.console.delete(`/payout-methods/${method.id}`)).statusCode).toBe(204);
    // Cancelled is final.
    const again = await shop.console.post(`/withdrawal-requests/${request.id}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it('rejects with the reason the operator typed and releases the hold', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const before = await balance();
    const request = (
      await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '20000' })
    ).json();
    const empty = await secondAdmin.post(`/withdrawal-requests/${request.id}/reject`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    const rejected = await secondAdmin.post(`/withdrawal-requests/${request.id}/reject`, {
      reason: 'Account under review',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', failureReason: 'Account under review' });
    expect(await balance()).toEqual(before);
  });

  it('marks an approved request paid outside Gerbang with the operator reference', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const request = (
      await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '30000' })
    ).json();
    await secondAdmin.post(`/withdrawal-requests/${request.id}/approve`);
    const paid = await secondAdmin.post(`/withdrawal-requests/${request.id}/mark-paid`, { reference: 'BCA-778812' });
    expect(paid.json()).toMatchObject({ status: 'success', transferReference: 'BCA-778812' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('keeps the other merchant out: its withdrawals are not found', async () => {
    const other = await merchantWithToken(t);
    const mine = (await shop.console.get('/withdrawal-requests')).json().items;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await other.console.get(`/withdrawal-requests/${mine[0].id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await other.console.get('/withdrawal-requests')).json().items).toEqual([]);
    expect((await other.console.post(`/withdrawal-requests/${mine[0].id}/approve`)).statusCode).toBe(403);
  });

  it('never lets concurrent requests take more than the available balance, and resolves each hold once', async () => {
    const rich = await merchantWithToken(t);
    await fundMerchant(t, rich.merchantId, sender.account.id, 300_000n);
    const method = await verifiedPayoutMethod(rich.console);
    // Ten requests of 100,000 race for 300,000: three fit.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        rich.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '100000' }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(7);
    expect((await rich.client.get('/v1/balance')).json()).toMatchObject({ available: '0', pending: '300000' });
    // Cancel them all at once, twice each: each hold is released exactly once.
    const ids = answers.filter((res) => res.statusCode === 201).map((res) => res.json().id as string);
    const cancels = await Promise.all(
      [...ids, ...ids].map((id) => rich.console.post(`/withdrawal-requests/${id}/cancel`)),
    );
    expect(cancels.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(cancels.filter((res) => res.statusCode === 409)).toHaveLength(3);
    expect((await rich.client.get('/v1/balance')).json()).toMatchObject({ available: '300000', pending: '0' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lists withdrawals with a status filter for operators', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/withdrawal-requests?status=success',
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((w: { status: string }) => w.status === 'success')).toBe(true);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'success'), eq(withdrawals.merchantId, shop.merchantId)));
    expect(rows[0]?.n).toBe(2);
  });

  it("pages the operators' list newest first by cursor, each item as the withdrawal's own view shows it", async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.admin.headers });
    const seen: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/withdrawal-requests?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: Record<string, unknown>[]; nextCursor: string | null };
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const all = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals);
    expect(seen).toHaveLength(all[0]?.n ?? -1);
    expect(new Set(seen.map((w) => w.id)).size).toBe(seen.length);
    const times = seen.map((w) => w.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of seen) {
      const {
        timeline: _timeline,
        webhooks: _webhooks,
        ...view
      } = (await get(`/withdrawal-requests/${item.id}`)).json();
      expect(item).toEqual(view);
    }
  });
});
