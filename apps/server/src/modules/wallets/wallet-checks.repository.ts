import { WALLET_COMMAND_CHECKS } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export type LatestWalletCheck = {
  accountId: string;
  type: string;
  status: number;
  reason: string | null;
  message: string | null;
  startedAt: string;
  finishedAt: string | null;
};

const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Reads of wallet-level runs (writes go through the shared health-check runs repository). */
export function createWalletChecksRepository(db: Database) {
  return {
    /**
     * The latest run of each wallet check type (and QR fetch) per account: one probe of
     * health_check_runs_wallet_idx per account and type.
     */
    async latest(accountIds: string[]): Promise<LatestWalletCheck[]> {
      if (accountIds.length === 0) return [];
      const types = sql.join(
        WALLET_COMMAND_CHECKS.map((t) => sql`(${t})`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select a.id as "accountId", t.type as "type", r.status::int as "status", r.reason, r.message,
          ${isoOf('r.started_at')} as "startedAt", ${isoOf('r.finished_at')} as "finishedAt"
        from wallet_accounts a
        cross join (values ${types}) as t(type)
        cross join lateral (
          select status, reason, message, started_at, finished_at from health_check_runs h
          where h.wallet_account_id = a.id and h.type = t.type
          order by h.started_at desc limit 1
        ) r
        where a.id in (${sql.join(
          accountIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      return (result as unknown as { rows: LatestWalletCheck[] }).rows;
    },
  };
}
export type WalletChecksRepository = ReturnType<typeof createWalletChecksRepository>;
