import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { refreshTokens, sessions, users } from '../../db/schema';

/** A presented refresh token with its session's state, judged against the database clock. */
export type PresentedRefreshToken = {
  tokenId: string;
  sessionId: string;
  userId: string;
  userStatus: 'invited' | 'active' | 'disabled';
  revoked: boolean;
  /** Past the session's absolute end. */
  expired: boolean;
  /** No refresh for longer than the idle timeout. */
  idle: boolean;
  rotated: boolean;
};

export type RotationOutcome =
  | { kind: 'rotated'; user: typeof users.$inferSelect }
  /** The token was already rotated, longer ago than the grace window: the family is compromised. */
  | { kind: 'reused' }
  /** The session ended meanwhile (logout, another reuse) or the user is no longer active. */
  | { kind: 'session-ended' };

const secondsInterval = (seconds: number) => sql`(${seconds} * interval '1 second')`;

export function createRefreshTokensRepository(db: Database) {
  return {
    async findByHash(tokenHash: string, idleTimeoutMinutes: number): Promise<PresentedRefreshToken | null> {
      const rows = await db
        .select({
          tokenId: refreshTokens.id,
          sessionId: sessions.id,
          userId: users.id,
          userStatus: users.status,
          revoked: sql<boolean>`${sessions.revokedAt} is not null`,
          expired: sql<boolean>`${sessions.expiresAt} <= now()`,
          idle: sql<boolean>`${sessions.lastUsedAt} + ${secondsInterval(idleTimeoutMinutes * 60)} <= now()`,
          rotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Exchanges a token for `successorHash` in one transaction. The token is marked rotated by a
     * guarded update (`rotated_at is null`), so of two concurrent uses only one rotates it; the
     * other, like any later use, may still mint a successor only within `graceSeconds` of that
     * rotation (two tabs refreshing at once), and is otherwise reported as reuse.
     */
    async rotate(input: {
      tokenId: string;
      sessionId: string;
      successorHash: string;
      graceSeconds: number;
    }): Promise<RotationOutcome> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(refreshTokens)
          .set({ rotatedAt: sql`now()` })
          .where(and(eq(refreshTokens.id, input.tokenId), isNull(refreshTokens.rotatedAt)))
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) {
          const [inGrace] = await tx
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.id, input.tokenId),
                // clock_timestamp(), not now(): now() is this transaction's start, which can be
                // earlier than a concurrent winner's rotation, and would count it as in grace.
                gt(refreshTokens.rotatedAt, sql`clock_timestamp() - ${secondsInterval(input.graceSeconds)}`),
              ),
            );
          if (!inGrace) return { kind: 'reused' } as const;
        }
        // Guarded too: a session revoked (or whose user was disabled) since the lookup is not renewed.
        const [touched] = await tx
          .update(sessions)
          .set({ lastUsedAt: sql`now()` })
          .where(
            and(
              eq(sessions.id, input.sessionId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, sql`now()`),
              sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.status} = 'active')`,
            ),
          )
          .returning({ userId: sessions.userId });
        // The token's rotation mark may stay: its session is over, so the mark changes nothing.
        if (!touched) return { kind: 'session-ended' } as const;
        await tx.insert(refreshTokens).values({ sessionId: input.sessionId, tokenHash: input.successorHash });
        const [user] = await tx.select().from(users).where(eq(users.id, touched.userId));
        if (!user) throw new Error('session user vanished inside the rotation transaction');
        return { kind: 'rotated', user } as const;
      });
    },
  };
}
export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
