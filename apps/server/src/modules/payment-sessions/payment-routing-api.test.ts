import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSessions, walletAccounts } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

describe('which account a new session is sent to pay', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let first: string;
  let second: string;
  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    first = (await readyAccount(t, 'dana')).account.id;
    second = (await readyAccount(t, 'dana')).account.id;
  });
  afterAll(() => t.close());

  const openWithDana = async () => {
    const res = await shop.open({ referenceNumber: nextReference(), amount: '120000', method: 'dana' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ account: paymentSessions.walletAccountId })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, res.json().id));
    return row?.account;
  };

  it('never an e-wallet account whose receive QR is unknown, then the one with the fewest sessions waiting', async () => {
    const [{ qr } = { qr: null }] = await t.database.db
      .select({ qr: walletAccounts.qrPayload })
      .from(walletAccounts)
      .where(eq(walletAccounts.id, second));
    await t.database.db.update(walletAccounts).set({ qrPayload: null }).where(eq(walletAccounts.id, second));
    // The customer could not be shown where to pay the second account: all three go to the first.
    expect([await openWithDana(), await openWithDana(), await openWithDana()]).toEqual([first, first, first]);

    await t.database.db.update(walletAccounts).set({ qrPayload: qr }).where(eq(walletAccounts.id, second));
    // Three wait on the first, none on the second: the next three go to the second.
    expect([await openWithDana(), await openWithDana(), await openWithDana()]).toEqual([second, second, second]);
    const waiting = await t.database.db
      .select({ account: paymentSessions.walletAccountId })
      .from(paymentSessions)
      .where(inArray(paymentSessions.walletAccountId, [first, second]));
    expect(waiting.filter((row) => row.account === first)).toHaveLength(3);
    expect(waiting.filter((row) => row.account === second)).toHaveLength(3);
  });
});
