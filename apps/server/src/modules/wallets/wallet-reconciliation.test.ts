import { randomUUID } from 'node:crypto';
import { ROLE, runWalletChecks } from '@gerbang/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { walletBalanceReadings } from '../../db/schema';
import { eventually, type FleetTestApp, send } from '../agents/agents.test-support';
import {
  customerPays,
  merchantWithToken,
  nextReference,
  readyAccount,
} from '../payment-sessions/payment-sessions.test-support';
import { walletTestApp } from './wallets.test-support';

/** Today as a DANA account's day (Jakarta). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

/**
 * An operator reconciles each account per day: how much its phone's balance moved against how much
 * the ledger's cash of it moved over the same readings. Money the books do not know of shows as a
 * difference, with the transfers behind the day.
 */
describe('wallet account reconciliation', () => {
  let t: FleetTestApp;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let admin: ReturnType<typeof api>;
  /** What the phone says the account holds. */
  let phoneBalance = 150_000;

  const readings = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(walletBalanceReadings)
        .where(eq(walletBalanceReadings.walletAccountId, dana.account.id))
    )[0]?.n ?? 0;
  /** The phone reads its balance again (an operator's "run checks"). */
  async function readBalance() {
    const before = await readings();
    const res = await t.app.inject({
      method: runWalletChecks.method,
      url: runWalletChecks.path,
      headers: t.admin.headers,
      payload: { accountIds: [dana.account.id], type: 'wallet' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => (await readings()) > before);
  }
  const dayOf = async () =>
    (
      (await admin.get(`/wallet-reconciliation?date=${today()}`)).json().items as {
        walletAccountId: string;
        difference: string | null;
      }[]
    ).find((row) => row.walletAccountId === dana.account.id);

  beforeAll(async () => {
    t = await walletTestApp();
    dana = await readyAccount(t, 'dana', (command) =>
      command.type === 'wallet-check' && command.payload.checkType === 'get_balance'
        ? { ok: true, data: { balance: String(phoneBalance) } }
        : undefined,
    );
    shop = await merchantWithToken(t);
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(() => t.close());

  it('finds a day balanced when the phone moved what the ledger did, and flags money the books do not know of', async () => {
    const session = (await shop.open({ referenceNumber: nextReference(), amount: '80000', method: 'dana' })).json();
    await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    await eventually(
      async () => (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status === 'success',
    );
    phoneBalance += Number(session.finalAmount);
    await readBalance();
    expect(await dayOf()).toMatchObject({
      status: 'balanced',
      phoneMoved: session.finalAmount,
      ledgerMoved: session.finalAmount,
      difference: '0',
      transfers: 1,
    });

    // 5,000 arrive that no phone report ever told the server of.
    phoneBalance += 5000;
    await readBalance();
    const flagged = await dayOf();
    expect(flagged).toMatchObject({ status: 'difference', difference: '5000', currency: 'IDR' });
    const behind = await admin.get(`/wallet-reconciliation/${dana.account.id}/transfers?date=${today()}`);
    expect(behind.statusCode).toBe(200);
    expect(behind.json().items).toEqual([
      expect.objectContaining({ direction: 'in', amount: session.finalAmount, counterpartyName: 'Customer' }),
    ]);
  });

  it('counts a transfer the phone held at its reading but reported after it as the ledger’s at that reading, so it adds no difference', async () => {
    const before = await dayOf();
    // After the day's readings so far, before the next.
    const arrivedAt = new Date().toISOString();
    // The money is on the phone and in its balance; its history has not told the server yet.
    phoneBalance += 7000;
    await readBalance();
    expect(await dayOf()).toMatchObject({ status: 'difference' });
    await send(dana.phone.socket, 'wallet:transactions', {
      accountId: dana.account.id,
      transactions: [
        {
          providerTransactionId: `IN-TRANSIT-${randomUUID()}`,
          direction: 'in',
          amount: '7000',
          counterpartyName: 'Late Reporter',
          counterpartyAccount: '081200000007',
          occurredAt: arrivedAt,
        },
      ],
    });
    // Booked now, after the reading: the reading's ledger counts it, the difference is the earlier one.
    const day = await eventually(async () => {
      const row = await dayOf();
      return row && row.difference === before?.difference ? row : null;
    });
    expect(day).toMatchObject({ status: 'difference', difference: '5000' });
  });

  it('says a day without readings is unread, opens a day at the reading before it, refuses a bad date naming it, and keeps accounts from merchants', async () => {
    const before = (await admin.get('/wallet-reconciliation?date=2019-12-31')).json().items;
    expect(before.find((row: { walletAccountId: string }) => row.walletAccountId === dana.account.id)).toMatchObject({
      status: 'unread',
      difference: null,
    });
    // A day opens at the last reading before it: here one of the evening before (Jakarta time).
    await t.database.db.insert(walletBalanceReadings).values([
      {
        walletAccountId: dana.account.id,
        balanceMinor: 100n,
        ledgerCashMinor: 0n,
        readAt: new Date('2020-01-01T12:00:00Z'),
      },
      {
        walletAccountId: dana.account.id,
        balanceMinor: 150n,
        ledgerCashMinor: 50n,
        readAt: new Date('2020-01-02T06:00:00Z'),
      },
    ]);
    const next = (await admin.get('/wallet-reconciliation?date=2020-01-02')).json().items;
    expect(next.find((row: { walletAccountId: string }) => row.walletAccountId === dana.account.id)).toMatchObject({
      status: 'balanced',
      opening: { readAt: '2020-01-01T12:00:00.000Z', phoneBalance: '100' },
      closing: { readAt: '2020-01-02T06:00:00.000Z', phoneBalance: '150' },
      phoneMoved: '50',
    });
    const bad = await admin.get('/wallet-reconciliation?date=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toContain('querystring.date');
    expect((await shop.console.get(`/wallet-reconciliation?date=${today()}`)).statusCode).toBe(403);
  });
});
