import { PROVIDER_TIME_ZONES } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { NO_MOVEMENTS, type TodayTotals } from './wallets.repository';

export type WalletViewFacts = { today: TodayTotals; hasMovedMoney: boolean };

const zoneOfProvider = sql.raw(
  `case a.provider ${Object.entries(PROVIDER_TIME_ZONES)
    .map(([provider, zone]) => `when '${provider}' then '${zone}'`)
    .join(' ')} end`,
);

type FactsRow = {
  id: string;
  today: [direction: 'in' | 'out', amountMinor: string, count: number][] | string;
  moved: boolean;
};
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * What an account's view needs beyond its own row (whose health_latest holds its latest checks),
 * for a whole page of accounts in one statement: today's totals in the provider's time zone and
 * whether any money moved. One round trip instead of two: on the embedded database each
 * statement's fixed cost is a large part of a page's time.
 */
export function createWalletViewFactsRepository(db: Database) {
  return {
    async factsOf(ids: readonly string[]): Promise<Map<string, WalletViewFacts>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute(sql`
        select a.id,
          (select coalesce(json_agg(json_build_array(d.direction, d.amount_minor::text, d.count)), '[]'::json)
            from wallet_daily_totals d
            where d.account_id = a.id and d.day = (now() at time zone (${zoneOfProvider}))::date) as today,
          exists (select 1 from wallet_transactions x where x.account_id = a.id) as moved
        from wallet_accounts a
        where a.id = any(${`{${ids.join(',')}}`}::uuid[])`);
      const facts = new Map<string, WalletViewFacts>();
      for (const row of (result as unknown as { rows: FactsRow[] }).rows) {
        const today = { ...NO_MOVEMENTS };
        for (const [direction, amount, count] of fromJson(row.today)) {
          if (direction === 'in') Object.assign(today, { incomingAmount: BigInt(amount), incomingCount: count });
          else Object.assign(today, { outgoingAmount: BigInt(amount), outgoingCount: count });
        }
        facts.set(row.id, { today, hasMovedMoney: row.moved });
      }
      return facts;
    },
  };
}
export type WalletViewFactsRepository = ReturnType<typeof createWalletViewFactsRepository>;
