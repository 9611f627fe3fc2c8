import { randomUUID } from 'node:crypto';
import { feeOnAmountMinor } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { api } from '../../../test/helpers/test-api';
import { paymentSessions, webhookEvents } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import {
  type merchantWithToken,
  nextReference,
  queuedTransfer,
  type readyAccount,
} from './payment-sessions.test-support';
import { reviewDeskWorld } from './review-desk.test-support';

describe('near matches: a transfer a little off a session’s amount, found and credited by an operator', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;
  let secondAdmin: ReturnType<typeof api>;
  const balance = async () => Number((await shop.client.get('/v1/balance')).json().available);
  const session = async (amount: string, customerName?: string) => {
    const res = await shop.open({
      referenceNumber: nextReference(),
      amount,
      method: 'dana',
      ...(customerName ? { customer: { name: customerName } } : {}),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; finalAmount: string; referenceNumber: string };
  };
  /** A customer's transfer that pays nothing exactly: it waits in the review queue. */
  const transferOf = (amount: string, from = 'Customer') =>
    queuedTransfer(dana.phone, dana.account.id, admin, amount, from) as Promise<
      { id: string } & Record<string, unknown>
    >;
  const plus = (amount: string, delta: number) => String(Number(amount) + delta);

  beforeAll(async () => {
    // 2.5 % + 1,000 on every deposit: a near match's fee is computed on what arrived.
    const world = await reviewDeskWorld({ fee: { basisPoints: 250, fixedMinor: 1000n } });
    ({ t, shop, dana } = world);
    [admin, secondAdmin] = world.admins as [ReturnType<typeof api>, ReturnType<typeof api>];
  });
  afterAll(() => t.close());

  it('ranks the session a transfer of 500 more was meant for first, with the difference, the time and the sender’s name', async () => {
    const meant = await session('245000', 'Lina Marlina');
    const other = await session('244000', 'Budi Santoso');
    const far = await session('300000', 'Lina Marlina');
    const transfer = await transferOf(plus(meant.finalAmount, 500), 'LINA MARLINA');
    expect(transfer.outcome).toBe('unmatched');

    const res = await admin.get(`/transactions/${transfer.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const { items, tolerancePercent } = res.json();
    expect(tolerancePercent).toBe(2);
    expect(items[0]).toMatchObject({
      paymentSessionId: meant.id,
      referenceNumber: meant.referenceNumber,
      difference: '500',
      customerName: 'Lina Marlina',
      nameScore: 100,
      withinTimeLimit: true,
      status: 'awaiting_payment',
    });
    expect(items[0].secondsAfterOpen).toBeGreaterThanOrEqual(0);
    expect(items.map((c: { paymentSessionId: string }) => c.paymentSessionId)).toContain(other.id);
    expect(items.map((c: { paymentSessionId: string }) => c.paymentSessionId)).not.toContain(far.id);
    expect(items[0].score).toBeGreaterThan(items[1].score);

    // The session's side names the same transfer: 500 more, from Lina Marlina, just after it opened.
    const seen = (await admin.get(`/payment-sessions/${meant.id}/candidate-transfers`)).json();
    expect(seen.items[0]).toMatchObject({
      transferId: transfer.id,
      amount: plus(meant.finalAmount, 500),
      difference: '500',
      counterpartyName: 'LINA MARLINA',
      nameScore: 100,
      withinTimeLimit: true,
    });
    expect((await admin.get(`/payment-sessions/${far.id}/candidate-transfers`)).json().items).toEqual([]);
  });

  it('credits what arrived, the fee on it; the session keeps its final amount and tells the merchant both', async () => {
    const meant = await session('120000', 'Dewi Lestari');
    const transfer = await transferOf(plus(meant.finalAmount, 1000), 'DEWI LESTARI');
    const before = await balance();
    const res = await admin.post(`/transactions/${transfer.id}/match`, {
      paymentSessionId: meant.id,
      note: 'Customer added 1,000 by mistake; receipt checked',
    });
    expect(res.statusCode, res.body).toBe(204);

    const paid = (await shop.client.get(`/v1/payment-sessions/${meant.id}`)).json();
    const credited = 120000n + 1000n;
    const fee = feeOnAmountMinor(credited, 250, 1000n);
    expect(paid).toMatchObject({
      status: 'success',
      finalAmount: meant.finalAmount,
      receivedAmount: plus(meant.finalAmount, 1000),
      fee: String(fee),
    });
    expect((await balance()) - before).toBe(Number(credited - fee));
    const [event] = await t.database.db
      .select({ body: webhookEvents.body })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.subjectId, meant.id), eq(webhookEvents.type, 'payment_session.succeeded')));
    expect(event?.body.data).toMatchObject({
      finalAmount: meant.finalAmount,
      receivedAmount: plus(meant.finalAmount, 1000),
    });
    const audit = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(audit[0]?.details).toMatchObject({ receivedAmount: plus(meant.finalAmount, 1000), fee: String(fee) });
    // Listed exactly as answered: the list writes receivedAmount in SQL.
    const listed = (await shop.client.get('/v1/payment-sessions?limit=100')).json().items;
    expect(listed.find((s: { id: string }) => s.id === meant.id)).toEqual(paid);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // The invariant would see a credit that is not what arrived minus the fee.
    await t.database.db
      .update(paymentSessions)
      .set({ feeMinor: fee + 1n })
      .where(eq(paymentSessions.id, meant.id));
    expect(await ledgerViolations(t.database.db)).toEqual([
      expect.stringContaining(`payment session ${meant.id} (success) has 1 deposit journals crediting`),
    ]);
    await t.database.db.update(paymentSessions).set({ feeMinor: fee }).where(eq(paymentSessions.id, meant.id));
  });

  it('refuses a match beyond the tolerance, naming the session, and changes nothing', async () => {
    const meant = await session('50000');
    const transfer = await transferOf(plus(meant.finalAmount, 5000));
    const before = await balance();
    const res = await admin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: meant.id, note: 'too far' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['body.paymentSessionId']).toContain('more than 2 %');
    expect((await shop.client.get(`/v1/payment-sessions/${meant.id}`)).json()).toMatchObject({
      status: 'awaiting_payment',
      receivedAmount: null,
    });
    expect(await balance()).toBe(before);
  });

  it('two operators matching one transfer to two sessions at once: one wins, the other is 409, one credit', async () => {
    const first = await session('88000');
    const second = await session('88100');
    const transfer = await transferOf(plus(first.finalAmount, 50));
    const before = await balance();
    const answers = await Promise.all([
      admin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: first.id, note: 'mine' }),
      secondAdmin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: second.id, note: 'no, mine' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const statuses = await Promise.all(
      [first, second].map(async (s) => (await shop.client.get(`/v1/payment-sessions/${s.id}`)).json().status),
    );
    expect(statuses.filter((status) => status === 'success')).toHaveLength(1);
    expect(await balance()).toBeGreaterThan(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    expect((await admin.get(`/transactions/${transfer.id}/candidates`)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown transfer and 403 to a Merchant user', async () => {
    expect((await admin.get(`/transactions/${randomUUID()}/candidates`)).statusCode).toBe(404);
    const meant = await session('61000');
    const transfer = await transferOf(plus(meant.finalAmount, 10));
    expect((await shop.console.get(`/transactions/${transfer.id}/candidates`)).statusCode).toBe(403);
  });
});
