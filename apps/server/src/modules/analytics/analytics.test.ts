import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { merchants } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import {
  customerPays,
  merchantWithToken,
  nextReference,
  queuedTransfer,
  readyAccount,
} from '../payment-sessions/payment-sessions.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';

type Row = { key: string; label: string; figures: Record<string, unknown> };

describe('analytics: money in and out, by day, hour, merchant, method and account', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;
  const read = (query: string) => admin.get(`/analytics?${query}`);

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
    admin = api(t.app, t.admin.headers as { authorization: string });
    // Three sessions: two paid exactly, one never; and a transfer that pays nothing.
    const opened = [];
    for (const amount of ['51000', '52000', '53000']) {
      opened.push((await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' })).json());
    }
    await customerPays(dana.phone, dana.account.id, [opened[0].finalAmount, opened[1].finalAmount]);
    for (const session of opened.slice(0, 2)) {
      await eventually(
        async () => (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status === 'success',
      );
    }
    await queuedTransfer(dana.phone, dana.account.id, admin, '777');
  });
  afterAll(() => t.close());

  it("gives a merchant's sessions, volume, time to credit and match rate, and what waits now", async () => {
    const res = await read('days=1&by=merchant');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = body.rows.find((r: Row) => r.key === shop.merchantId);
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.id, shop.merchantId));
    expect(row.label).toBe(merchant?.name);
    expect(row.figures).toMatchObject({
      sessionsOpened: 3,
      sessionsPaid: 2,
      successRate: 66.7,
      transfersIn: 2,
      transfersMatched: 2,
      matchRate: 100,
      payoutsPaid: 0,
      volumeOut: '0',
    });
    expect(Number(row.figures.volumeIn)).toBeGreaterThanOrEqual(103_000);
    expect(row.figures.secondsToCreditP50).toEqual(expect.any(Number));
    expect(row.figures.secondsToCreditP95).toBeGreaterThanOrEqual(row.figures.secondsToCreditP50);
    // The unmatched transfer belongs to no merchant: it counts in the totals, and waits.
    expect(body.totals).toMatchObject({ transfersIn: 3, transfersMatched: 2, matchRate: 66.7 });
    expect(body.totals.transfersWaiting).toBeGreaterThanOrEqual(1);
    expect(body).toMatchObject({ currency: 'IDR', days: 1, by: 'merchant' });
  });

  it('groups the same figures by day and hour in Jakarta time, by method and by account', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const byDay = (await read('days=1&by=day')).json();
    expect(byDay.rows.map((r: Row) => r.key)).toContain(today);
    const dayTotal = byDay.rows.reduce((sum: number, r: Row) => sum + Number(r.figures.sessionsOpened), 0);
    expect(dayTotal).toBe(byDay.totals.sessionsOpened);
    const byHour = (await read('days=1&by=hour')).json();
    expect(byHour.rows.every((r: Row) => Number(r.key) >= 0 && Number(r.key) <= 23)).toBe(true);
    const byMethod = (await read('days=1&by=method')).json();
    expect(byMethod.rows.find((r: Row) => r.key === 'dana').figures.sessionsOpened).toBeGreaterThanOrEqual(3);
    const byAccount = (await read('days=1&by=account')).json();
    const account = byAccount.rows.find((r: Row) => r.key === dana.account.id);
    expect(account.label).toBe(`dana ${dana.account.accountNumber}`);
    expect(account.figures.transfersIn).toBe(3);
  });

  it('is for Admins and Sub Admins only, and names a bad filter', async () => {
    const subAdmin = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
    expect((await subAdmin.get('/analytics')).statusCode).toBe(200);
    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    expect((await staff.get('/analytics')).statusCode).toBe(403);
    expect((await shop.console.get('/analytics')).statusCode).toBe(403);
    const bad = await read('days=0&by=week');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['querystring.by', 'querystring.days']);
  });
});
