import { getWalletSummary, listWallets, updateWallet, type WalletAccount } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletAccounts } from '../../db/schema';
import { type FleetTestApp, register } from '../agents/agents.test-support';
import { addAccount, walletTestApp } from './wallets.test-support';

describe('the wallet account list and the dashboard summary', () => {
  let t: FleetTestApp;
  let phoneA: string;
  let phoneB: string;
  const danas: WalletAccount[] = [];
  beforeAll(async () => {
    t = await walletTestApp();
    phoneA = (await register(t.app, t.admin.headers, 'Rack phone A')).device.id;
    phoneB = (await register(t.app, t.admin.headers, 'Rack phone B')).device.id;
    for (let i = 0; i < 7; i++) {
      danas.push(
        await addAccount(t, i % 2 ? phoneA : phoneB, 'dana', { label: `Dana ${String.fromCharCode(71 - i)}` }),
      );
    }
    await addAccount(t, phoneA, 'maya', { label: 'Maya only' });
    // Balances 0, 1000, … with one never read (null sorts lowest).
    for (const [i, account] of danas.entries()) {
      await t.database.db
        .update(walletAccounts)
        .set({ balanceMinor: i === 3 ? null : BigInt(i * 1000), healthState: i < 2 ? 'failing' : 'healthy' })
        .where(eq(walletAccounts.id, account.id));
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `${listWallets.path}?${query}`, headers: t.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: WalletAccount[]; nextCursor: string | null };
  };
  /** Follows nextCursor to the end, as a client would. */
  const walk = async (query: string) => {
    const seen: WalletAccount[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('reads back only the accounts named by ids, in the list order, and refuses more than 100 or a bad id', async () => {
    const named = [danas[4], danas[1]].map((a) => a?.id as string);
    const page = await list(`provider=dana&ids=${named.join(',')}`);
    expect(page.items.map((a) => a.id).sort()).toEqual([...named].sort());
    const tooMany = Array.from({ length: 101 }, () => named[0]).join(',');
    for (const ids of [tooMany, 'not-an-id']) {
      const res = await t.app.inject({ url: `${listWallets.path}?ids=${ids}`, headers: t.admin.headers });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {}).join()).toMatch(/ids/);
    }
  });

  it.each([
    ['label', (a: WalletAccount, b: WalletAccount) => a.label.localeCompare(b.label)],
    ['-label', (a: WalletAccount, b: WalletAccount) => b.label.localeCompare(a.label)],
    ['balance', (a: WalletAccount, b: WalletAccount) => Number(a.balance ?? -1) - Number(b.balance ?? -1)],
    ['-balance', (a: WalletAccount, b: WalletAccount) => Number(b.balance ?? -1) - Number(a.balance ?? -1)],
    ['createdAt', (a: WalletAccount, b: WalletAccount) => a.createdAt.localeCompare(b.createdAt)],
    ['-createdAt', (a: WalletAccount, b: WalletAccount) => b.createdAt.localeCompare(a.createdAt)],
  ])('pages through every account exactly once sorted by %s', async (sort, compare) => {
    const seen = await walk(`provider=dana&sort=${sort}`);
    expect(seen.map((a) => a.id)).toEqual([...seen].sort(compare).map((a) => a.id));
    expect(new Set(seen.map((a) => a.id))).toEqual(new Set(danas.map((a) => a.id)));
  });

  it('filters by provider, health, status, login, phone and search', async () => {
    expect((await list('provider=maya')).items.map((a) => a.label)).toEqual(['Maya only']);
    expect((await list('provider=dana&health=failing')).items).toHaveLength(2);
    expect((await list(`provider=dana&deviceId=${phoneA}`)).items).toHaveLength(3);
    expect((await list('q=rack phone b')).items).toHaveLength(4);
    const target = danas[5] as WalletAccount;
    expect((await list(`q=${target.accountNumber.slice(-6)}`)).items.map((a) => a.id)).toEqual([target.id]);
    expect((await list('q=100%25')).items).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/wallets/${target.id}/disable`, headers: t.admin.headers, payload: {} });
    expect((await list('status=disabled')).items.map((a) => a.id)).toEqual([target.id]);
    expect((await list('login=logged_in')).items).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/wallets/${target.id}/enable`, headers: t.admin.headers });
  });

  it('refuses a cursor from another sort, a bad cursor and unknown filters (422)', async () => {
    const page = await list('provider=dana&sort=label&limit=2');
    for (const query of [
      `sort=balance&cursor=${page.nextCursor}`,
      'cursor=bm9wZQ',
      'health=great',
      'sort=name',
      'color=red',
    ]) {
      const res = await t.app.inject({ url: `${listWallets.path}?provider=dana&${query}`, headers: t.admin.headers });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('summarises a provider: counts, readiness and the exact total balance', async () => {
    const res = await t.app.inject({ url: `${getWalletSummary.path}?provider=dana`, headers: t.admin.headers });
    expect(res.json()).toEqual({
      provider: 'dana',
      currency: 'IDR',
      total: 7,
      ready: 0,
      loggedIn: 0,
      failing: 2,
      disabled: 0,
      totalBalance: String(0 + 1000 + 2000 + 4000 + 5000 + 6000),
    });
    const bad = await t.app.inject({ url: `${getWalletSummary.path}?provider=ovo`, headers: t.admin.headers });
    expect(bad.statusCode).toBe(422);
  });

  it('moving an account to another phone moves it in the phone filter', async () => {
    const account = danas[6] as WalletAccount;
    await t.app.inject({
      method: 'PATCH',
      url: updateWallet.path.replace(':id', account.id),
      headers: t.admin.headers,
      payload: { deviceId: phoneA },
    });
    expect((await list(`deviceId=${phoneA}&provider=dana`)).items.map((a) => a.id)).toContain(account.id);
  });
});
