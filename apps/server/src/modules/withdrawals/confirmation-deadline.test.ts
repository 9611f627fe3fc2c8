import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { devices, withdrawalEvents, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, nextReference, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from './withdrawals';
import { bcaAccount, fundMerchant } from './withdrawals.test-support';

/**
 * A customer's confirmation and its deadline are decided by one clock, the database's, in the
 * move itself: a confirmation racing the sweep that times it out either wins (the withdrawal is
 * confirmed and sent) or loses (back to verifying with nothing of a confirmation left), never both.
 */
describe('the customer confirmation deadline', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let payer: ReturnType<typeof merchantApi>;
  let sender: Awaited<ReturnType<typeof readyAccount>>;
  const page = async (id: string) => (await t.app.inject({ method: 'GET', url: `/public/withdrawals/${id}` })).json();
  const tap = (id: string, action: 'confirm') =>
    t.app.inject({ method: 'POST', url: `/public/withdrawals/${id}/${action}` });
  const openVerified = async () => {
    const created = await payer.post(
      '/v1/withdrawals',
      { referenceNumber: nextReference(), amount: '10000', provider: 'bca', accountNumber: bcaAccount() },
      { 'idempotency-key': randomUUID() },
    );
    const id = created.json().id as string;
    await eventually(async () => (await page(id)).status === 'awaiting_confirmation');
    return id;
  };

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    payer = merchantApi(
      t.app,
      (await createApiTokenAs(shop.console, ['withdrawals:write', 'withdrawals:read'])).secret,
    );
    sender = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, sender.account.id, 1_000_000n);
  });
  afterAll(() => t.close());

  it('refuses a confirmation once the deadline has passed by the database clock', async () => {
    const id = await openVerified();
    await t.database.db
      .update(withdrawals)
      .set({ confirmDeadlineAt: sql`now() - interval '1 millisecond'` })
      .where(eq(withdrawals.id, id));
    const late = await tap(id, 'confirm');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Confirmation timeout. Please verify again.');
    expect(await page(id)).toMatchObject({ status: 'verifying', lastError: 'confirmation_timeout' });
  });

  it('confirmations racing the timeout sweep: each withdrawal is confirmed or back to verifying, never sent unconfirmed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await openVerified());
    // No account is free: confirmed withdrawals wait (status confirmed) instead of being sent, so
    // every outcome of the race stays visible.
    await t.database.db.update(devices).set({ isBusy: true }).where(eq(devices.id, sender.phone.device.id));
    try {
      // Every deadline falls within the next 50 ms: confirmations and sweeps land on both sides.
      await t.database.db
        .update(withdrawals)
        .set({ confirmDeadlineAt: sql`now() + interval '50 milliseconds'` })
        .where(inArray(withdrawals.id, ids));
      const customers = withdrawalsOf(t.app.ctx).customers;
      await Promise.all([
        ...ids.map(async (id, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 8));
          return tap(id, 'confirm');
        }),
        ...[0, 20, 40, 60, 80].map(async (delay) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await customers.sweep();
        }),
      ]);
      await customers.sweep();
      const rows = await t.database.db
        .select({ id: withdrawals.id, status: withdrawals.status, confirmedAt: withdrawals.confirmedAt })
        .from(withdrawals)
        .where(inArray(withdrawals.id, ids));
      for (const row of rows) {
        if (row.status === 'verifying') expect(row.confirmedAt).toBeNull();
        else expect(['confirmed', 'failed']).toContain(row.status);
        if (row.status === 'confirmed') expect(row.confirmedAt).not.toBeNull();
      }
      // Every timeline is a path of the lifecycle: each step leaves the state the previous reached.
      const steps = await t.database.db
        .select({ id: withdrawalEvents.withdrawalId, from: withdrawalEvents.fromStatus, to: withdrawalEvents.toStatus })
        .from(withdrawalEvents)
        .where(inArray(withdrawalEvents.withdrawalId, ids))
        .orderBy(withdrawalEvents.id);
      const reached = new Map<string, string>();
      for (const step of steps) {
        expect(step.from).toBe(reached.get(step.id) ?? null);
        reached.set(step.id, step.to);
      }
    } finally {
      await t.database.db.update(devices).set({ isBusy: false }).where(eq(devices.id, sender.phone.device.id));
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
