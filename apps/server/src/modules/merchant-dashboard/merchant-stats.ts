import {
  CURRENCY_TIME_ZONES,
  formatAmount,
  MERCHANT_STATS_DAYS,
  type MerchantStats,
  OPEN_WITHDRAWAL_STATUSES,
} from '@gerbang/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, withdrawals } from '../../db/schema';
import { notFound } from '../../http/app-error';

type DayRow = { day: string; sessions: number; ended: number; succeeded: number; volume: string };

/**
 * A merchant's last MERCHANT_STATS_DAYS days of payment sessions, by the day they were opened in
 * its currency's time zone. Each day is a range read of payment_sessions_merchant_created_id_idx.
 */
export async function merchantStats(db: Database, merchantId: string): Promise<MerchantStats> {
  const [merchant] = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound('Merchant');
  const timeZone = CURRENCY_TIME_ZONES[merchant.currency];
  const result = await db.execute(sql`
    with days as (
      select (today - offs)::date as day
      from (select (now() at time zone ${timeZone})::date as today) t,
           generate_series(0, ${MERCHANT_STATS_DAYS - 1}::int) as offs
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           count(s.id)::int as sessions,
           (count(s.id) filter (where s.status in ('success', 'failed', 'expired')))::int as ended,
           (count(s.id) filter (where s.status = 'success'))::int as succeeded,
           coalesce(sum(s.amount_minor) filter (where s.status = 'success'), 0)::text as volume
    from days d
    left join payment_sessions s
      on s.merchant_id = ${merchantId}::uuid
     and s.created_at >= (d.day::timestamp at time zone ${timeZone})
     and s.created_at < ((d.day + 1)::timestamp at time zone ${timeZone})
    group by d.day
    order by d.day`);
  const rows = (result as unknown as { rows: DayRow[] }).rows;
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES])));
  return {
    openWithdrawals: open?.n ?? 0,
    currency: merchant.currency,
    timeZone,
    days: rows.map((row) => ({ ...row, volume: formatAmount(BigInt(row.volume), merchant.currency) })),
  };
}
