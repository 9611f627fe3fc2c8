import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { oneTimeTokens } from '../../db/schema';

export type LinkPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export function createAccountLinksRepository(db: Database) {
  return {
    /** Replaces any open link of the same purpose: only the newest link works. */
    async replace(userId: string, purpose: LinkPurpose, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(oneTimeTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
          );
        await tx.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
      });
    },
    /** Marks the link used and returns its user, only if it is unused and unexpired (one guarded update). */
    async consume(tokenHash: string, purpose: LinkPurpose): Promise<string | null> {
      const rows = await db
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: oneTimeTokens.userId });
      return rows[0]?.userId ?? null;
    },
  };
}
