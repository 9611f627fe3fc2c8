import { formatAmount, listWalletTransactions } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletDailyTotals, walletTransactions } from '../../db/schema';
import { type FleetTestApp, send } from '../agents/agents.test-support';
import { addAccount, walletPhone, walletTestApp } from './wallets.test-support';

const transfer = (id: string, amount: string, minutesAgo = 0) => ({
  providerTransactionId: id,
  direction: 'in',
  amount,
  counterpartyName: 'Customer',
  counterpartyAccount: '081200000000',
  occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

describe('transfers the phone reports', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await walletTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (accountId: string) =>
    t.database.db.select().from(walletTransactions).where(eq(walletTransactions.accountId, accountId));

  it('stores a pushed transfer exactly, and a report sent twice makes one row', async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id);
    const report = { accountId: account.id, transactions: [transfer('DANA-100', '150000')] };
    expect(await send(socket, 'wallet:transactions', report)).toEqual({ ok: true });
    expect(await send(socket, 'wallet:transactions', report)).toEqual({ ok: true });
    const rows = await rowsOf(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 150_000n, currency: 'IDR', direction: 'in', source: 'push' });
    socket.close();
  });

  it('ten concurrent reports of the same transfers still make one row each', async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id, 'maya');
    const report = {
      accountId: account.id,
      transactions: Array.from({ length: 20 }, (_, i) => transfer(`MAYA-${i}`, `${i + 1}.25`)),
    };
    await Promise.all(Array.from({ length: 10 }, () => send(socket, 'wallet:transactions', report)));
    const rows = await rowsOf(account.id);
    expect(rows).toHaveLength(20);
    const total = Array.from({ length: 20 }, (_, i) => BigInt(i + 1) * 100n + 25n).reduce((a, b) => a + b, 0n);
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0n)).toBe(total);
    // The daily totals count each transfer once too: they equal the log.
    const daily = await t.database.db
      .select()
      .from(walletDailyTotals)
      .where(eq(walletDailyTotals.accountId, account.id));
    expect(daily.map((d) => ({ direction: d.direction, amount: d.amountMinor, count: d.count }))).toEqual([
      { direction: 'in', amount: total, count: 20 },
    ]);
    const view = (await t.app.inject({ url: `/wallets/${account.id}`, headers: t.admin.headers })).json();
    expect(view.today).toMatchObject({ incomingAmount: formatAmount(total, 'PHP'), incomingCount: 20 });
    // The list's page reads the same facts with its rows: the account says the same there.
    const list = (await t.app.inject({ url: '/wallets?provider=maya&limit=100', headers: t.admin.headers })).json();
    const listed = list.items.find((item: { id: string }) => item.id === account.id);
    expect(listed).toMatchObject({ today: view.today, hasMovedMoney: true });
    socket.close();
  });

  it('refuses a report for an account that is not on this phone, and stores nothing', async () => {
    const owner = await walletPhone(t);
    const other = await walletPhone(t);
    const account = await addAccount(t, owner.device.id);
    for (const accountId of [account.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const answer = await send(other.socket, 'wallet:transactions', {
        accountId,
        transactions: [transfer('X-1', '1000')],
      });
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ACCOUNT' } });
    }
    expect(await rowsOf(account.id)).toHaveLength(0);
    owner.socket.close();
    other.socket.close();
  });

  it('refuses a whole report when one amount is not exact in the currency, naming it', async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id);
    const answer = await send(socket, 'wallet:transactions', {
      accountId: account.id,
      transactions: [transfer('OK-1', '5000'), transfer('BAD-1', '5000.50')],
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'INVALID_PAYLOAD',
        message: 'Invalid payload: transactions.1.amount: IDR amounts are whole numbers: no decimals',
      },
    });
    const schema = await send(socket, 'wallet:transactions', {
      accountId: account.id,
      transactions: [{ ...transfer('NEG-1', '-5'), extra: true }],
    });
    expect(schema).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(await rowsOf(account.id)).toHaveLength(0);
    socket.close();
  });

  it('lists the log newest first in keyset pages', async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id);
    await send(socket, 'wallet:transactions', {
      accountId: account.id,
      transactions: Array.from({ length: 5 }, (_, i) => transfer(`LOG-${i}`, `${1000 * (i + 1)}`, i)),
    });
    const url = listWalletTransactions.path.replace(':id', account.id);
    const first = (await t.app.inject({ url: `${url}?limit=3`, headers: t.admin.headers })).json();
    expect(first.items.map((r: { providerTransactionId: string }) => r.providerTransactionId)).toEqual([
      'LOG-0',
      'LOG-1',
      'LOG-2',
    ]);
    expect(first.items[0]).toMatchObject({ amount: '1000', currency: 'IDR', counterpartyName: 'Customer' });
    const second = (
      await t.app.inject({ url: `${url}?limit=3&cursor=${first.nextCursor}`, headers: t.admin.headers })
    ).json();
    expect(second.items.map((r: { providerTransactionId: string }) => r.providerTransactionId)).toEqual([
      'LOG-3',
      'LOG-4',
    ]);
    expect(second.nextCursor).toBeNull();
    const bad = await t.app.inject({ url: `${url}?cursor=garbage`, headers: t.admin.headers });
    expect(bad.statusCode).toBe(422);
    socket.close();
  });

  it("shows a Maya account's log in pesos with centavos, each field as the phone reported it", async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id, 'maya');
    const occurredAt = '2026-11-20T08:15:30.123Z';
    await send(socket, 'wallet:transactions', {
      accountId: account.id,
      transactions: [
        { ...transfer('MAYA-1', '1500.5'), occurredAt, note: 'Bayad sa tindahan ñ', counterpartyName: 'José Rizal' },
        { ...transfer('MAYA-2', '0.05'), direction: 'out', occurredAt: '2026-11-19T00:00:00.000Z' },
      ],
    });
    const url = listWalletTransactions.path.replace(':id', account.id);
    const res = await t.app.inject({ url, headers: t.admin.headers });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().items;
    expect(first).toEqual({
      id: expect.any(String),
      accountId: account.id,
      providerTransactionId: 'MAYA-1',
      direction: 'in',
      amount: '1500.50',
      currency: 'PHP',
      counterpartyName: 'José Rizal',
      counterpartyAccount: '081200000000',
      note: 'Bayad sa tindahan ñ',
      occurredAt,
      reportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      source: 'push',
    });
    expect(second).toMatchObject({ providerTransactionId: 'MAYA-2', direction: 'out', amount: '0.05' });
    socket.close();
  });

  it('answers an empty page for an account without transfers, and 404 for an unknown account', async () => {
    const { device, socket } = await walletPhone(t);
    const account = await addAccount(t, device.id);
    const empty = await t.app.inject({
      url: listWalletTransactions.path.replace(':id', account.id),
      headers: t.admin.headers,
    });
    expect(empty.json()).toEqual({ items: [], nextCursor: null });
    const unknown = await t.app.inject({
      url: listWalletTransactions.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
      headers: t.admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    socket.close();
  });
});
