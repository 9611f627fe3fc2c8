import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLog, users } from '../../db/schema';

export type AuditEntry = {
  actorUserId?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  subject?: string | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
};

export function createAuditRepository(db: Database) {
  return {
    /** Also records the acting user's merchant, as it is now (a Merchant user's Audit page reads by it). */
    async insert(entry: AuditEntry): Promise<void> {
      const actorMerchantId = entry.actorUserId
        ? sql`(select ${users.merchantId} from ${users} where ${users.id} = ${entry.actorUserId})`
        : null;
      await db.insert(auditLog).values({ ...entry, actorMerchantId });
    },
    /** Rows of `action` in the last `windowMs` for one subject or one IP (login rate limits). */
    async countRecent(filter: { action: string; windowMs: number } & ({ subject: string } | { ip: string })) {
      const since = sql`now() - ${`${filter.windowMs} milliseconds`}::interval`;
      const who = 'subject' in filter ? eq(auditLog.subject, filter.subject) : eq(auditLog.ip, filter.ip);
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, filter.action), who, gt(auditLog.createdAt, since)));
      return row?.n ?? 0;
    },
    /** Seconds until the oldest counted row leaves the window: the Retry-After of a limit. */
    async secondsUntilWindowFrees(
      filter: { action: string; windowMs: number } & ({ subject: string } | { ip: string }),
    ) {
      const who = 'subject' in filter ? eq(auditLog.subject, filter.subject) : eq(auditLog.ip, filter.ip);
      const since = sql`now() - ${`${filter.windowMs} milliseconds`}::interval`;
      const [row] = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from (min(${auditLog.createdAt}) + ${`${filter.windowMs} milliseconds`}::interval - now())))::int`,
        })
        .from(auditLog)
        .where(and(eq(auditLog.action, filter.action), who, gt(auditLog.createdAt, since)));
      return Math.max(1, Number(row?.seconds ?? 1));
    },
    async listForTarget(targetType: string, targetId: string, limit = 50) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
        .orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`)
        .limit(limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
