import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositMatches, merchants, paymentSessions, walletTransactions } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { walletTestApp } from '../wallets/wallets.test-support';
import { paymentSessionsOf } from './payment-sessions';
import { customerPays, merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('matching incoming transfers with payment sessions', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  const status = async (id: string) => (await shop.client.get(`/v1/payment-sessions/${id}`)).json().status;
  const balance = async () => (await shop.client.get('/v1/balance')).json();
  const matchOf = async (providerId: string) =>
    (await t.database.db.execute(sql`
      select m.outcome, m.payment_session_id as "sessionId" from deposit_matches m
      join wallet_transactions w on w.id = m.wallet_transaction_id
      where w.provider_transaction_id = ${providerId}`)) as unknown as {
      rows: { outcome: string; sessionId: string | null }[];
    };

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    await t.database.db
      .update(merchants)
      .set({ depositFeeBasisPoints: 200, depositFeeFixedMinor: 0n })
      .where(eq(merchants.id, shop.merchantId));
    dana = await readyAccount(t, 'dana');
  });
  afterAll(() => t.close());

  it('pays the session whose final amount arrived, credits the merchant amount − fee, and balances the ledger', async () => {
    const before = await balance();
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '100000', method: 'dana' })).json();
    const { ack } = await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    expect(ack).toEqual({ ok: true });
    await eventually(async () => (await status(session.id)) === 'success');
    const paid = (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json();
    expect(paid.paidAt).not.toBeNull();
    const after = await balance();
    expect(Number(after.available) - Number(before.available)).toBe(98_000);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // The merchant console reads the same balance through its signed-in user.
    const me = (await shop.console.get('/auth/current-user')).json();
    expect(me.merchantBalance).toEqual(after);
    expect(me.merchantName).toMatch(/^Test Merchant/);
  });

  it('matches a transfer reported twice once', async () => {
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '70000', method: 'dana' })).json();
    const first = await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    await eventually(async () => (await status(session.id)) === 'success');
    const afterFirst = await balance();
    await customerPays(dana.phone, dana.account.id, [session.finalAmount], new Date(), first.ids);
    await paymentSessionsOf(t.app.ctx).matching.run();
    expect(await balance()).toEqual(afterFirst);
    expect((await matchOf(first.ids[0] as string)).rows).toEqual([{ outcome: 'matched', sessionId: session.id }]);
  });

  it('queues a transfer that matches no session as unmatched, its money in suspense', async () => {
    const before = await balance();
    const { ids } = await customerPays(dana.phone, dana.account.id, ['12345']);
    await eventually(async () => (await matchOf(ids[0] as string)).rows.length > 0);
    expect((await matchOf(ids[0] as string)).rows).toEqual([{ outcome: 'unmatched', sessionId: null }]);
    expect(await balance()).toEqual(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('queues a transfer made after the time limit as paid late, with the session it was for', async () => {
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '80000', method: 'dana' })).json();
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    expect(await status(session.id)).toBe('expired');
    const { ids } = await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    await eventually(async () => (await matchOf(ids[0] as string)).rows.length > 0);
    expect((await matchOf(ids[0] as string)).rows).toEqual([{ outcome: 'paid_late', sessionId: session.id }]);
    expect(await status(session.id)).toBe('expired');
  });

  it('still pays a session whose transfer was made in time but reported after it expired', async () => {
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '90000', method: 'dana' })).json();
    const madeAt = new Date();
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(paymentSessions.id, session.id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    expect(await status(session.id)).toBe('expired');
    await customerPays(dana.phone, dana.account.id, [session.finalAmount], madeAt);
    await eventually(async () => (await status(session.id)) === 'success');
  });

  // Two connections at once: PGlite runs one transaction at a time.
  it.skipIf(!onPostgres)(
    "leaves a transfer another match holds to it on a phone's report, and the sweep waits for it",
    async () => {
      const session = (await shop.open({ referenceNumber: nextReference(), amount: '70000', method: 'dana' })).json();
      // Stored as a phone's report stores it, without the report's own matching.
      const [transfer] = await t.database.db
        .insert(walletTransactions)
        .values({
          accountId: dana.account.id,
          providerTransactionId: `HELD-${Date.now()}`,
          direction: 'in',
          amountMinor: BigInt(session.finalAmount),
          currency: 'IDR',
          occurredAt: new Date(),
          source: 'push',
        })
        .returning({ id: walletTransactions.id });
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from wallet_transactions where id = ${transfer?.id} for update`);
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await isLocked;
      const matching = paymentSessionsOf(t.app.ctx).matching;
      const onReport = await matching.run(dana.account.id, { skipLocked: true });
      expect(onReport.matched).toBe(0);
      let swept = false;
      const sweep = matching.run().then(() => {
        swept = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(swept).toBe(false);
      expect(await status(session.id)).toBe('awaiting_payment');
      release();
      await holder;
      await sweep;
      expect(await status(session.id)).toBe('success');
      expect(await ledgerViolations(t.database.db)).toEqual([]);
    },
  );

  it('matches each of many concurrent payments into one account exactly once', async () => {
    const before = await balance();
    const sessions = [];
    for (let i = 0; i < 12; i += 1) {
      sessions.push((await shop.open({ referenceNumber: nextReference(), amount: '50000', method: 'dana' })).json());
    }
    // Twelve sessions of one amount on one account: twelve different final amounts.
    expect(new Set(sessions.map((s) => s.finalAmount)).size).toBe(12);
    const amounts = sessions.map((s) => s.finalAmount as string);
    const ids = amounts.map((_, i) => `CONC-${Date.now()}-${i}`);
    // The same transfers reported three times at once, while sweeps run too.
    await Promise.all([
      customerPays(dana.phone, dana.account.id, amounts, new Date(), ids),
      customerPays(dana.phone, dana.account.id, amounts, new Date(), ids),
      customerPays(dana.phone, dana.account.id, amounts, new Date(), ids),
      paymentSessionsOf(t.app.ctx).matching.run(),
      paymentSessionsOf(t.app.ctx).matching.run(),
    ]);
    await paymentSessionsOf(t.app.ctx).matching.run();
    for (const s of sessions) await eventually(async () => (await status(s.id)) === 'success');
    const credited = Number((await balance()).available) - Number(before.available);
    expect(credited).toBe(12 * (50_000 - 1_000));
    const matched = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(depositMatches)
      .where(eq(depositMatches.outcome, 'matched'));
    const paidSessions = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentSessions)
      .where(eq(paymentSessions.status, 'success'));
    expect(matched[0]?.n).toBe(paidSessions[0]?.n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
