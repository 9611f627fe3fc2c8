import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { teamApprovals, users } from '../../db/schema';
import type { TeamApprovals } from './team-approvals.service';

/**
 * Requests an owner approved whose making never finished (the instance died between the two),
 * decided more than `graceSeconds` ago: made now as that owner, from the address they decided
 * from, each by its key once; one the balance no longer covers waits for an owner again, and so does
 * one whose owner is no longer an active owner of that merchant (disabled or given another role
 * since: their decision is not carried out after they lost the right to make it). Returns how
 * many were made.
 */
export async function resumeApproved(
  deps: { db: Database; approvals: TeamApprovals; logger: Pick<FastifyBaseLogger, 'warn'> },
  graceSeconds: number,
): Promise<number> {
  const stale = await deps.db
    .select({
      id: teamApprovals.id,
      merchantId: teamApprovals.merchantId,
      decidedByUserId: teamApprovals.decidedByUserId,
      decidedIp: teamApprovals.decidedIp,
      stillOwner: sql<boolean>`coalesce(${users.status} = 'active' and ${users.merchantRole} = 'owner' and ${users.merchantId} = ${teamApprovals.merchantId}, false)`,
    })
    .from(teamApprovals)
    .leftJoin(users, eq(users.id, teamApprovals.decidedByUserId))
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
    if (!row.stillOwner) {
      await deps.db
        .update(teamApprovals)
        .set({ status: 'pending', decidedByUserId: null, decidedAt: null, decidedIp: null })
        .where(
          and(eq(teamApprovals.id, row.id), eq(teamApprovals.status, 'approved'), isNull(teamApprovals.withdrawalId)),
        );
      deps.logger.warn({ approvalId: row.id }, 'an approved request whose owner is no longer one waits again');
      continue;
    }
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
