import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { auditLog, webhookEvents, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, nextReference, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { bcaAccount, fundMerchant } from './withdrawals.test-support';

describe('payout name check: the holder name the merchant gave against the one the bank returns', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let payer: ReturnType<typeof merchantApi>;
  let admin: ReturnType<typeof api>;
  let secondAdmin: ReturnType<typeof api>;
  const balance = async () => (await shop.client.get('/v1/balance')).json();
  const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/public/withdrawals/${id}` })).json();
  const tap = (id: string, action: 'verify' | 'confirm' | 'cancel') =>
    t.app.inject({ method: 'POST', url: `/public/withdrawals/${id}/${action}` });
  const policy = async (payoutNamePolicy: string) => {
    const res = await admin.patch(`/merchants/${shop.merchantId}`, { payoutNamePolicy });
    expect(res.statusCode).toBe(200);
    expect(res.json().payoutNamePolicy).toBe(payoutNamePolicy);
  };
  /** A customer withdrawal to a holder the bank names TEST_HOLDER_NAME (SITI RAHAYU). */
  const open = async (holderName?: string) => {
    const res = await payer.post(
      '/v1/withdrawals',
      {
        referenceNumber: nextReference(),
        amount: '40000',
        provider: 'bca',
        accountNumber: bcaAccount(),
        ...(holderName === undefined ? {} : { holderName }),
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const settled = (id: string) =>
    eventually(async () => {
      const view = await page(id);
      return view.status === 'verifying' ? null : view;
    });
  const review = (who: ReturnType<typeof api>, id: string, decision: 'approve' | 'reject') =>
    who.post(`/withdrawal-requests/${id}/name-review`, { decision, reason: `checked by phone: ${decision}` });

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    payer = merchantApi(
      t.app,
      (await createApiTokenAs(shop.console, ['withdrawals:write', 'withdrawals:read'])).secret,
    );
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    secondAdmin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const sender = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, sender.account.id, 1_000_000n);
  });
  afterAll(() => t.close());

  it('holds a payout whose names do not match for review by default, telling the customer nothing of whose account it is', async () => {
    const before = await balance();
    const id = await open('Walk Tester');
    const view = await settled(id);
    expect(view).toMatchObject({ status: 'name_review', confirmDeadlineAt: null });
    expect(view.destination.holderName).toBeNull();
    expect(JSON.stringify(view)).not.toContain(TEST_HOLDER_NAME);
    // Nothing can be confirmed while the name is reviewed.
    expect((await tap(id, 'confirm')).statusCode).toBe(409);

    const merchantView = (await payer.get(`/v1/withdrawals/${id}`)).json();
    expect(merchantView.destination).toMatchObject({ holderName: 'Walk Tester', verifiedHolderName: TEST_HOLDER_NAME });
    expect(merchantView.nameCheck.matches).toBe(false);
    expect(merchantView.nameCheck.score).toBeLessThan(80);
    const queued = (await admin.get('/withdrawal-requests?status=name_review')).json().items;
    expect(queued.map((w: { id: string }) => w.id)).toContain(id);
    // Still held: the money is the merchant's pending balance until someone decides.
    expect(Number(before.available) - Number((await balance()).available)).toBe(40_000);
    const types = await t.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.subjectId, id));
    expect(types.map((e) => e.type)).toEqual(['withdrawal.verifying', 'withdrawal.name_review']);
  });

  it('lets the customer confirm once an operator approves the name, and does not hold the same name again', async () => {
    const id = await open('Walk Tester');
    expect((await settled(id)).status).toBe('name_review');
    const approved = await review(admin, id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('awaiting_confirmation');
    const view = await page(id);
    expect(view.destination.holderName).toBe(TEST_HOLDER_NAME);
    expect(Date.parse(view.confirmDeadlineAt)).toBeGreaterThan(Date.parse(view.serverTime));
    const timeline = (await admin.get(`/withdrawal-requests/${id}`)).json().timeline;
    expect(timeline.at(-1)).toMatchObject({
      fromStatus: 'name_review',
      toStatus: 'awaiting_confirmation',
      details: { reason: 'checked by phone: approve' },
    });
    const [audit] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'withdrawal.name_reviewed')));
    expect(audit?.details).toMatchObject({ decision: 'approve', holderName: 'Walk Tester' });

    // The time to confirm runs out; verifying again returns the same name, which is not held again.
    await t.database.db
      .update(withdrawals)
      .set({ confirmDeadlineAt: new Date(Date.now() - 1000) })
      .where(eq(withdrawals.id, id));
    expect((await tap(id, 'confirm')).statusCode).toBe(409);
    await tap(id, 'verify');
    expect((await settled(id)).status).toBe('awaiting_confirmation');
    expect((await tap(id, 'confirm')).statusCode).toBe(200);
    await eventually(async () => (await page(id)).status === 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('fails a rejected name and releases the hold; a second decision is 409 and changes nothing', async () => {
    const before = await balance();
    const id = await open('Walk Tester');
    expect((await settled(id)).status).toBe('name_review');
    const [first, second] = await Promise.all([review(admin, id, 'reject'), review(secondAdmin, id, 'approve')]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('INVALID_STATE');
    const winner = first.statusCode === 200 ? first : second;
    const final = (await payer.get(`/v1/withdrawals/${id}`)).json();
    expect(final.status).toBe(winner.json().status);
    if (final.status === 'failed') {
      expect(final.failureReason).toBe('name_mismatch');
      expect(await balance()).toEqual(before);
      expect((await page(id)).status).toBe('failed');
    } else {
      await tap(id, 'cancel');
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('fails it at once under the refuse policy, and sends it on under allow', async () => {
    await policy('refuse');
    try {
      const before = await balance();
      const refused = await open('Walk Tester');
      expect(await settled(refused)).toMatchObject({ status: 'failed', failureReason: 'name_mismatch' });
      expect(await balance()).toEqual(before);
      // A matching name is not refused: word order, case and titles do not matter.
      const matching = await open('Ibu Rahayu, Siti');
      expect((await settled(matching)).status).toBe('awaiting_confirmation');
      expect((await payer.get(`/v1/withdrawals/${matching}`)).json().nameCheck).toEqual({ score: 100, matches: true });
      await tap(matching, 'cancel');

      await policy('allow');
      const allowed = await open('Walk Tester');
      expect((await settled(allowed)).status).toBe('awaiting_confirmation');
      expect((await payer.get(`/v1/withdrawals/${allowed}`)).json().nameCheck.matches).toBe(false);
      await tap(allowed, 'cancel');
    } finally {
      await policy('hold');
    }
  });

  it('has nothing to compare when the merchant gave no name', async () => {
    const id = await open();
    expect((await settled(id)).status).toBe('awaiting_confirmation');
    expect((await payer.get(`/v1/withdrawals/${id}`)).json().nameCheck).toBeNull();
    await tap(id, 'cancel');
  });

  it('lets the customer cancel a payout under review, releasing its hold', async () => {
    const before = await balance();
    const id = await open('Walk Tester');
    expect((await settled(id)).status).toBe('name_review');
    expect((await tap(id, 'cancel')).json().status).toBe('cancelled');
    expect(await balance()).toEqual(before);
    expect((await review(admin, id, 'approve')).statusCode).toBe(409);
  });

  it('refuses a review from a merchant user, without a reason, or of a withdrawal that is not held', async () => {
    const id = await open('Walk Tester');
    expect((await settled(id)).status).toBe('name_review');
    expect((await review(shop.console, id, 'approve')).statusCode).toBe(403);
    const noReason = await admin.post(`/withdrawal-requests/${id}/name-review`, { decision: 'maybe', reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().error.fields).sort()).toEqual(['body.decision', 'body.reason']);
    expect((await page(id)).status).toBe('name_review');
    const matching = await open('Siti Rahayu');
    expect((await settled(matching)).status).toBe('awaiting_confirmation');
    const notHeld = await review(admin, matching, 'approve');
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().error.message).toContain('awaiting_confirmation');
    await Promise.all([tap(id, 'cancel'), tap(matching, 'cancel')]);
  });

  it('scores a payout method, and fails one whose name does not match under refuse', async () => {
    const add = async (holderName: string) => {
      const res = await shop.console.post('/payout-methods', {
        provider: 'bca',
        accountNumber: bcaAccount(),
        holderName,
      });
      expect(res.statusCode).toBe(201);
      const methodId = res.json().id as string;
      return eventually(async () => {
        const method = (await shop.console.get('/payout-methods'))
          .json()
          .items.find((m: { id: string }) => m.id === methodId);
        return method?.status === 'verifying' ? null : method;
      });
    };
    const held = await add('PT Toko Maju');
    expect(held).toMatchObject({ status: 'verified', verifiedHolderName: TEST_HOLDER_NAME });
    expect(held.nameCheck.matches).toBe(false);
    await policy('refuse');
    try {
      expect(await add('PT Toko Maju')).toMatchObject({
        status: 'failed',
        failureReason: 'name_mismatch',
        verifiedHolderName: TEST_HOLDER_NAME,
      });
      expect(await add('Siti Rahayu')).toMatchObject({ status: 'verified', nameCheck: { score: 100, matches: true } });
    } finally {
      await policy('hold');
    }
  });
});
