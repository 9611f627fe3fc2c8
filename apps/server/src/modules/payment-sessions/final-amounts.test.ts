import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSessions, walletAccounts } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { walletTestApp } from '../wallets/wallets.test-support';
import { paymentSessionsOf } from './payment-sessions';
import { customerPays, merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

type Session = { id: string; status: string; finalAmount: string; walletAccountId?: string };

/**
 * A final amount names one session of its account: unique while sessions wait for money and for the
 * clock skew plus the report lag after one ends, so a transfer reported late pays the session it
 * was for, never the next one given its amount. While an account has a free amount, a session gets
 * one, however many are opened at once.
 */
describe('final amounts on a receiving account', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let other: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  const detail = async (id: string) => (await shop.client.get(`/v1/payment-sessions/${id}`)).json();
  const accountOf = async (id: string) => {
    const [row] = await t.database.db
      .select({ account: paymentSessions.walletAccountId })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, id));
    return row?.account ?? null;
  };
  /** The session's time limit passes now (the sweep then expires it). */
  const expireNow = async (id: string) => {
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentSessions.id, id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
  };

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    other = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
    // The account joined a day ago: the back-dated transfers below are payments, not its history.
    await t.database.db
      .update(walletAccounts)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(walletAccounts.id, dana.account.id));
  });
  afterAll(() => t.close());

  it("keeps an expired session's amount from the next session, so its customer's late-reported transfer pays it", async () => {
    const a: Session = (await shop.open({ referenceNumber: nextReference(), amount: '245000', method: 'dana' })).json();
    const paidAt = new Date();
    await expireNow(a.id);
    expect((await detail(a.id)).status).toBe('expired');
    // Another merchant's customer opens a session of the same amount on the same account at once.
    const b: Session = (
      await other.open({ referenceNumber: nextReference(), amount: '245000', method: 'dana' })
    ).json();
    expect(await accountOf(b.id)).toBe(dana.account.id);
    expect(b.finalAmount).not.toBe(a.finalAmount);
    // A's customer paid in time; the phone reports it a minute late.
    await customerPays(dana.phone, dana.account.id, [a.finalAmount], paidAt);
    await eventually(async () => (await detail(a.id)).status === 'success');
    expect((await other.client.get(`/v1/payment-sessions/${b.id}`)).json().status).toBe('awaiting_payment');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('prefers the session whose own window holds the transfer over one that only the clock skew reaches', async () => {
    const a: Session = (await shop.open({ referenceNumber: nextReference(), amount: '246000', method: 'dana' })).json();
    await expireNow(a.id);
    // A ran from ten minutes ago until 90 s ago, and its hold ended long ago (back-dated), so B,
    // opened now, gets the same amount. A transfer made 100 s ago lies inside A's window, and
    // inside B's only through the two minutes of clock skew.
    await t.database.db
      .update(paymentSessions)
      .set({
        createdAt: sql`now() - interval '10 minutes'`,
        expiresAt: sql`now() - interval '90 seconds'`,
        updatedAt: sql`now() - interval '1 day'`,
      })
      .where(eq(paymentSessions.id, a.id));
    const b: Session = (
      await other.open({ referenceNumber: nextReference(), amount: '246000', method: 'dana' })
    ).json();
    expect(b.finalAmount).toBe(a.finalAmount);
    await customerPays(dana.phone, dana.account.id, [a.finalAmount], new Date(Date.now() - 100_000));
    await eventually(async () => (await detail(a.id)).status === 'success');
    expect((await other.client.get(`/v1/payment-sessions/${b.id}`)).json().status).toBe('awaiting_payment');
  });

  it("matches a late-reported transfer to a session that failed after 'I Have Transferred'", async () => {
    const a: Session = (await shop.open({ referenceNumber: nextReference(), amount: '247000' })).json();
    const page = await t.app.inject({
      method: 'POST',
      url: `/public/deposits/${a.id}/method`,
      payload: { method: 'dana' },
    });
    expect(page.statusCode).toBe(200);
    const finalAmount = (await detail(a.id)).finalAmount as string;
    const pressed = await t.app.inject({ method: 'POST', url: `/public/deposits/${a.id}/transferred` });
    expect(pressed.statusCode).toBe(200);
    // The session ran from 20 minutes ago until 11 minutes ago, and the customer paid inside it; the
    // grace after the time limit passes without the transfer: failed (transfer not found).
    const paidAt = new Date(Date.now() - 15 * 60_000);
    await t.database.db
      .update(paymentSessions)
      .set({ createdAt: sql`now() - interval '20 minutes'`, expiresAt: sql`now() - interval '11 minutes'` })
      .where(eq(paymentSessions.id, a.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    expect((await detail(a.id)).status).toBe('failed');
    await customerPays(dana.phone, dana.account.id, [finalAmount], paidAt);
    await eventually(async () => (await detail(a.id)).status === 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('gives every one of 101 sessions opened at once an amount while the account has one free (100 amounts)', async () => {
    const opened = await Promise.all(
      Array.from({ length: 101 }, () =>
        shop.open({ referenceNumber: nextReference(), amount: '500000', method: 'dana' }).then((r) => {
          expect(r.statusCode).toBe(201);
          return r.json() as Session;
        }),
      ),
    );
    const waiting = opened.filter((s) => s.status === 'awaiting_payment');
    expect(waiting).toHaveLength(100);
    expect(new Set(waiting.map((s) => s.finalAmount)).size).toBe(100);
    // Rp 500,000 − 0 … 99: the discounts are the hundred smallest.
    expect(Math.min(...waiting.map((s) => Number(s.finalAmount)))).toBe(499_901);
    expect(opened.filter((s) => s.status === 'created')).toHaveLength(1);
    const onAccount = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.walletAccountId, dana.account.id), eq(paymentSessions.amountMinor, 500_000n)));
    expect(onAccount[0]?.n).toBe(100);
  });
});
