import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  merchants,
  passkeys,
  recoveryCodes,
  secondFactorPolicy,
  sessions,
  signinChallenges,
  totpAuthenticators,
  users,
} from '../../db/schema';
import { enrolIfFirst, lockUser, unenrol } from './factor-enrolment.repository';

/** Authenticators, recovery codes, sign-in challenges and step-up times as the server keeps them. */
export function createSecondFactorRepository(db: Database) {
  return {
    /** Stores a pending secret (replacing an earlier pending one); false when one is confirmed. */
    async savePendingTotp(userId: string, secretSealed: string): Promise<boolean> {
      const rows = await db
        .insert(totpAuthenticators)
        .values({ userId, secretSealed })
        .onConflictDoUpdate({
          target: totpAuthenticators.userId,
          set: { secretSealed, lastUsedStep: null, createdAt: sql`now()` },
          setWhere: isNull(totpAuthenticators.confirmedAt),
        })
        .returning({ userId: totpAuthenticators.userId });
      return rows.length > 0;
    },

    async findTotp(userId: string) {
      const rows = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Takes the TOTP step `step` for the user, once: a step at or below the last one taken is
     * refused, so a code cannot be replayed (the guard is the UPDATE, safe between requests).
     */
    async takeTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(totpAuthenticators)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpAuthenticators.userId, userId),
            sql`${totpAuthenticators.confirmedAt} is not null`,
            or(isNull(totpAuthenticators.lastUsedStep), lt(totpAuthenticators.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpAuthenticators.userId });
      return rows.length > 0;
    },

    /**
     * Confirms a pending authenticator with the step its first code matched, all or nothing; a
     * user without another factor becomes enrolled with `codeHashes` as its recovery codes.
     * Null when nothing was pending; else whether the codes were issued.
     */
    async confirmTotp(userId: string, step: number, codeHashes: string[]): Promise<{ codesIssued: boolean } | null> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const rows = await tx
          .update(totpAuthenticators)
          .set({ confirmedAt: sql`now()`, lastUsedStep: step })
          .where(and(eq(totpAuthenticators.userId, userId), isNull(totpAuthenticators.confirmedAt)))
          .returning({ userId: totpAuthenticators.userId });
        if (rows.length === 0) return null;
        return { codesIssued: await enrolIfFirst(tx, userId, codeHashes) };
      });
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Uses up one unused recovery code; false when it is unknown or already used. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async unusedRecoveryCodeCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Forgets every factor of the user (app and passkeys), its recovery codes and open challenges. */
    async removeSecondFactor(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
        await tx.delete(passkeys).where(eq(passkeys.userId, userId));
        await unenrol(tx, userId);
      });
    },

    async createChallenge(userId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
      await db.insert(signinChallenges).values({
        userId,
        tokenHash,
        expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval`,
      });
    },

    /** A live challenge (unused, unexpired, fewer than `maxFailures` wrong codes) and its user. */
    async findLiveChallenge(tokenHash: string, maxFailures: number) {
      const rows = await db
        .select({ challengeId: signinChallenges.id, user: users })
        .from(signinChallenges)
        .innerJoin(users, eq(users.id, signinChallenges.userId))
        .where(
          and(
            eq(signinChallenges.tokenHash, tokenHash),
            isNull(signinChallenges.usedAt),
            gt(signinChallenges.expiresAt, sql`now()`),
            lt(signinChallenges.failedAttempts, maxFailures),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async countChallengeFailure(challengeId: string): Promise<void> {
      await db
        .update(signinChallenges)
        .set({ failedAttempts: sql`${signinChallenges.failedAttempts} + 1` })
        .where(eq(signinChallenges.id, challengeId));
    },

    /** Uses the challenge up; false when another request used it first. */
    async useChallenge(challengeId: string): Promise<boolean> {
      const rows = await db
        .update(signinChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(signinChallenges.id, challengeId), isNull(signinChallenges.usedAt)))
        .returning({ id: signinChallenges.id });
      return rows.length > 0;
    },

    /** Records that the session's user proved the factor now; returns until when a step-up holds. */
    async markSessionVerified(sessionId: string, validSeconds: number): Promise<Date> {
      const [row] = await db
        .update(sessions)
        .set({ secondFactorVerifiedAt: sql`now()` })
        .where(eq(sessions.id, sessionId))
        .returning({ until: sql<Date>`now() + ${`${validSeconds} seconds`}::interval` });
      if (!row) throw new Error('session to verify is gone');
      return new Date(row.until);
    },

    /** Merchants whose owners require a second factor of every team member. */
    async listMerchantsRequiring(): Promise<string[]> {
      const rows = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.teamSecondFactorRequired, true));
      return rows.map((r) => r.id);
    },

    async listPolicy() {
      return db
        .select({ roleId: secondFactorPolicy.roleId, required: secondFactorPolicy.required })
        .from(secondFactorPolicy);
    },

    async setPolicy(roles: { roleId: number; required: boolean }[], updatedBy: string): Promise<void> {
      if (roles.length === 0) return;
      await db
        .insert(secondFactorPolicy)
        .values(roles.map((r) => ({ ...r, updatedBy })))
        .onConflictDoUpdate({
          target: secondFactorPolicy.roleId,
          set: { required: sql`excluded.required`, updatedBy, updatedAt: sql`now()` },
        });
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
