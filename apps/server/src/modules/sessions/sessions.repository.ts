import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';

export type SessionUserRow = typeof users.$inferSelect & { sessionId: string; hasLiveSession: true };

export function createSessionsRepository(db: Database) {
  return {
    /** The session's user if the session is neither revoked nor past its absolute end. */
    async findLiveSessionUser(sessionId: string): Promise<typeof users.$inferSelect | null> {
      const rows = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return rows[0]?.user ?? null;
    },

    /** True when the session's user proved the second factor within the last `seconds`. */
    async isSecondFactorFresh(sessionId: string, seconds: number): Promise<boolean> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            gt(sessions.secondFactorVerifiedAt, sql`now() - ${`${seconds} seconds`}::interval`),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
