import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { oneTimeTokens, refreshTokens, sessions, users } from '../../db/schema';
import type { LinkPurpose } from './account-links.repository';

export type UserRow = typeof users.$inferSelect;

/** Users and sessions as the auth module reads and changes them. */
export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * The user of an unused, unexpired link, WITHOUT using it up: lets a rejected password be
     * reported while the link stays valid. The link is consumed (guarded) only after that.
     */
    async findLinkUser(tokenHash: string, purpose: LinkPurpose): Promise<UserRow | null> {
      const rows = await db
        .select({ user: users })
        .from(oneTimeTokens)
        .innerJoin(users, eq(users.id, oneTimeTokens.userId))
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return rows[0]?.user ?? null;
    },

    /** Sets a new password hash; `activate` also moves an invited user to active. */
    async setPassword(userId: string, passwordHash: string, options: { activate?: boolean } = {}): Promise<void> {
      await db
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: sql`now()`,
          updatedAt: sql`now()`,
          ...(options.activate ? { status: 'active' as const } : {}),
        })
        .where(eq(users.id, userId));
    },

    /**
     * Starts a session at sign-in: the session row, its first refresh token and the user's
     * last_login_at, all or nothing.
     */
    async startSession(input: {
      userId: string;
      refreshTokenHash: string;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<{ sessionId: string; lastLoginAt: Date }> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(sessions)
          .values({ userId: input.userId, expiresAt: input.expiresAt, ip: input.ip, userAgent: input.userAgent })
          .returning({ id: sessions.id, createdAt: sessions.createdAt });
        if (!session) throw new Error('session insert returned nothing');
        await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: input.refreshTokenHash });
        await tx.update(users).set({ lastLoginAt: session.createdAt }).where(eq(users.id, input.userId));
        return { sessionId: session.id, lastLoginAt: session.createdAt };
      });
    },

    /** Revokes one session if it is still live; true when this call revoked it. */
    async revokeSession(sessionId: string, reason: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes every live session of the user (but `exceptSessionId`); returns the ids it revoked. */
    async revokeUserSessions(userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
