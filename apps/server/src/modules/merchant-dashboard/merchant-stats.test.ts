import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';

/** Jakarta's midnight today (the test merchant's currency is IDR), as an instant. */
const START_OF_TODAY = sql`(date_trunc('day', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta')`;

describe("the merchant dashboard's daily figures", () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof merchantWithUser>>;
  let other: Awaited<ReturnType<typeof merchantWithUser>>;
  let n = 0;
  const session = (merchantId: string, status: string, amount: number, at: ReturnType<typeof sql>) => {
    n += 1;
    return t.database.db.execute(sql`
      insert into payment_sessions (merchant_id, reference_number, currency, amount_minor, final_amount_minor,
        fee_minor, status, expires_at, created_at)
      values (${merchantId}::uuid, ${`STATS-${n}`}, 'IDR', ${amount}, ${amount}, 0, ${status}, now(), ${at})`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    shop = await merchantWithUser(t, randomUUID());
    other = await merchantWithUser(t, randomUUID());
    const today = sql`${START_OF_TODAY} + interval '1 second'`;
    await session(shop.merchantId, 'success', 150000, today);
    await session(shop.merchantId, 'success', 50000, today);
    await session(shop.merchantId, 'expired', 70000, today);
    await session(shop.merchantId, 'awaiting_payment', 90000, today);
    // 23:30 in Jakarta yesterday: yesterday's, whatever UTC says.
    await session(shop.merchantId, 'success', 20000, sql`${START_OF_TODAY} - interval '30 minutes'`);
    await session(shop.merchantId, 'success', 999999, sql`${START_OF_TODAY} - interval '20 days'`);
    await session(other.merchantId, 'success', 777777, today);
  });
  afterAll(() => t.close());

  it("gives fourteen days in the merchant's zone, oldest first, with today's volume and what ended and succeeded", async () => {
    const res = await shop.console.get('/merchant-dashboard/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ currency: 'IDR', timeZone: 'Asia/Jakarta' });
    expect(stats.days).toHaveLength(14);
    const todayInJakarta = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    expect(stats.days.at(-1)).toEqual({ day: todayInJakarta, sessions: 4, ended: 3, succeeded: 2, volume: '200000' });
    expect(stats.days.at(-2)).toMatchObject({ sessions: 1, ended: 1, succeeded: 1, volume: '20000' });
    const older = stats.days.slice(0, -2);
    expect(older.every((day: { sessions: number; volume: string }) => day.sessions === 0 && day.volume === '0')).toBe(
      true,
    );
  });

  it('is for Merchant users only', async () => {
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    expect((await admin.get('/merchant-dashboard/stats')).statusCode).toBe(403);
  });
});
