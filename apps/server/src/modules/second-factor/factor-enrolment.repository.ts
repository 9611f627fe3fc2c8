import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  passkeys,
  recoveryCodes,
  signinChallenges,
  totpAuthenticators,
  users,
  webauthnChallenges,
} from '../../db/schema';

/**
 * The rule every factor change keeps, inside the change's transaction: a user is enrolled
 * (users.second_factor_enrolled_at) exactly while it has at least one confirmed factor, an
 * authenticator app or a passkey. Changes to one user's factors take turns on the user's row, so
 * two removals at once cannot both believe the other factor is still there.
 */

export async function lockUser(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Confirmed factors of the user (call after lockUser). */
export async function factorCount(tx: Database, userId: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})
        + (select count(*)::int from ${totpAuthenticators} where ${totpAuthenticators.userId} = ${userId}
           and ${totpAuthenticators.confirmedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.n ?? 0;
}

/**
 * A factor was just added: a user who had none becomes enrolled, with `codeHashes` as its
 * recovery codes. Answers whether this was the first factor (the codes are to be shown).
 */
export async function enrolIfFirst(tx: Database, userId: string, codeHashes: string[]): Promise<boolean> {
  const enrolled = await tx
    .update(users)
    .set({ secondFactorEnrolledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.secondFactorEnrolledAt)))
    .returning({ id: users.id });
  if (enrolled.length === 0) return false;
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** The user's last factor went: its recovery codes, open challenges and enrolment go too. */
export async function unenrol(tx: Database, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(signinChallenges).where(eq(signinChallenges.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await tx.update(users).set({ secondFactorEnrolledAt: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
