import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { WithdrawalMove } from '../withdrawals/withdrawal-moves';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';
import type { WithdrawalTransfers } from '../withdrawals/withdrawal-transfers';

/**
 * Test mode's settlements (docs/test-mode.md): no operator approves one (no real money, no
 * maker-checker); the test provider approves it as it is requested and sends it, and
 * test-payouts.ts ends it. A crash between the request and the sending is made good by the
 * queue's tick (`sendUnsent`), and a replay of the request sends it too.
 */
export function createTestSettlements(deps: {
  db: Database;
  move: WithdrawalMove;
  transfers: Pick<WithdrawalTransfers, 'start'>;
}) {
  /** Approved, then sent on the test provider, from whichever of the two steps it is at. */
  async function send(row: WithdrawalRecord): Promise<WithdrawalRecord> {
    const approved =
      row.status === 'pending_approval'
        ? await deps.move(row.id, { event: 'approved', details: { testProvider: true } })
        : row.status === 'approved'
          ? row
          : null;
    // It moved meanwhile (cancelled, sent by another tick): left as it is.
    if (!approved) return row;
    try {
      return await deps.transfers.start(approved, {});
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_STATE') return row;
      throw error;
    }
  }

  return {
    send,

    /** Test settlements still unsent a few seconds after their request, along the status index. */
    async sendUnsent(batch = 20) {
      const rows = await deps.db
        .select()
        .from(withdrawals)
        .where(
          and(
            inArray(withdrawals.status, ['pending_approval', 'approved']),
            eq(withdrawals.kind, 'settlement'),
            sql`not ${withdrawals.livemode}`,
            lt(withdrawals.createdAt, sql`now() - interval '5 seconds'`),
          ),
        )
        .orderBy(asc(withdrawals.createdAt))
        .limit(batch);
      for (const row of rows) await send(row);
    },
  };
}
export type TestSettlements = ReturnType<typeof createTestSettlements>;
