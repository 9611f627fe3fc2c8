import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { teamApprovals } from '../../db/schema';
import type { TeamApprovals } from './team-approvals.service';

/**
 * Requests an owner approved whose making never finished (the instance died between the two),
 * decided more than `graceSeconds` ago: made now as that owner, from the address they decided
 * from, each by its key once; one the balance no longer covers waits for an owner again. Returns
 * how many were made.
 */
export async function resumeApproved(
  deps: { db: Database; approvals: TeamApprovals; logger: Pick<FastifyBaseLogger, 'warn'> },
  graceSeconds: number,
): Promise<number> {
  const stale = await deps.db
    .select()
    .from(teamApprovals)
    .where(
      and(
        eq(teamApprovals.status, 'approved'),
        isNull(teamApprovals.withdrawalId),
        isNotNull(teamApprovals.decidedByUserId),
        isNotNull(teamApprovals.decidedIp),
        sql`${teamApprovals.decidedAt} < now() - ${`${graceSeconds} seconds`}::interval`,
      ),
    )
    .limit(50);
  let made = 0;
  for (const row of stale) {
    const owner = {
      userId: row.decidedByUserId as string,
      merchantId: row.merchantId,
      teamRole: 'owner' as const,
      ip: row.decidedIp as string,
    };
    try {
      await deps.approvals.approve(owner, row.id, { resuming: true });
      made += 1;
    } catch (error) {
      deps.logger.warn({ err: error, approvalId: row.id }, 'an approved request could not be made; it waits again');
    }
  }
  return made;
}
