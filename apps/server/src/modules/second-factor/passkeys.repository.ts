import { PASSKEYS_PER_USER_MAX } from '@gerbang/contract';
import { and, asc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passkeys, type WebauthnCeremony, webauthnChallenges } from '../../db/schema';
import { enrolIfFirst, factorCount, lockUser, unenrol } from './factor-enrolment.repository';
import type { StoredCredential } from './webauthn';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Where a WebAuthn challenge may be answered: the session that asked, or a sign-in challenge. */
export type CeremonyBinding =
  | { purpose: Extract<WebauthnCeremony, 'registration' | 'step_up'>; sessionId: string }
  | { purpose: Extract<WebauthnCeremony, 'signin'>; signinChallengeId: string };

const bindingOf = (binding: CeremonyBinding) =>
  binding.purpose === 'signin'
    ? { sessionId: null, signinChallengeId: binding.signinChallengeId }
    : { sessionId: binding.sessionId, signinChallengeId: null };

function boundTo(userId: string, binding: CeremonyBinding) {
  const { sessionId, signinChallengeId } = bindingOf(binding);
  return and(
    eq(webauthnChallenges.userId, userId),
    eq(webauthnChallenges.purpose, binding.purpose),
    sessionId ? eq(webauthnChallenges.sessionId, sessionId) : undefined,
    signinChallengeId ? eq(webauthnChallenges.signinChallengeId, signinChallengeId) : undefined,
  );
}

/** Passkeys and the WebAuthn challenges of their ceremonies. */
export function createPasskeysRepository(db: Database) {
  return {
    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    },

    async findPasskey(userId: string, credentialId: string): Promise<PasskeyRow | null> {
      const rows = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Stores a verified passkey; a user's first factor also enrols it with `codeHashes` as its
     * recovery codes. Refused when the credential is known already or the user has the most.
     */
    async addPasskey(
      userId: string,
      credential: StoredCredential & { name: string },
      codeHashes: string[],
    ): Promise<
      { kind: 'added'; passkey: PasskeyRow; codesIssued: boolean } | { kind: 'known' } | { kind: 'too_many' }
    > {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(passkeys)
          .where(eq(passkeys.userId, userId));
        if ((count?.n ?? 0) >= PASSKEYS_PER_USER_MAX) return { kind: 'too_many' as const };
        const [passkey] = await tx
          .insert(passkeys)
          .values({ userId, ...credential })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!passkey) return { kind: 'known' as const };
        return { kind: 'added' as const, passkey, codesIssued: await enrolIfFirst(tx, userId, codeHashes) };
      });
    },

    /**
     * Removes one of the user's passkeys. Its last factor goes only when `mayRemoveLast` (the role
     * does not require one), and then the user is no longer enrolled.
     */
    async removePasskey(
      userId: string,
      passkeyId: string,
      mayRemoveLast: boolean,
    ): Promise<'removed' | 'not_found' | 'last_factor'> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const factors = await factorCount(tx, userId);
        if (factors === 1 && !mayRemoveLast) {
          const [own] = await tx
            .select({ id: passkeys.id })
            .from(passkeys)
            .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
          return own ? 'last_factor' : 'not_found';
        }
        const removed = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
          .returning({ id: passkeys.id });
        if (removed.length === 0) return 'not_found';
        if (factors === 1) await unenrol(tx, userId);
        return 'removed';
      });
    },

    /**
     * Records a use with the authenticator's new counter. The guard is the UPDATE: the counter
     * must grow (or stay 0 for an authenticator that keeps none), so of two assertions racing
     * with one counter value only one passes.
     */
    async recordUse(passkeyId: string, newCounter: number): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: sql`now()` })
        .where(
          and(
            eq(passkeys.id, passkeyId),
            newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
          ),
        )
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    /** A new challenge for a ceremony; an unfinished one of the same binding, and any expired one, goes. */
    async createChallenge(userId: string, binding: CeremonyBinding, challenge: string, ttlSeconds: number) {
      await db.transaction(async (tx) => {
        await tx
          .delete(webauthnChallenges)
          .where(
            or(
              boundTo(userId, binding),
              and(eq(webauthnChallenges.userId, userId), lte(webauthnChallenges.expiresAt, sql`now()`)),
            ),
          );
        await tx.insert(webauthnChallenges).values({
          userId,
          purpose: binding.purpose,
          ...bindingOf(binding),
          challenge,
          expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval`,
        });
      });
    },

    /** Takes (deletes) the live challenge of this binding; false when it is unknown, used or expired. */
    async takeChallenge(userId: string, binding: CeremonyBinding, challenge: string): Promise<boolean> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            boundTo(userId, binding),
            eq(webauthnChallenges.challenge, challenge),
            gt(webauthnChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: webauthnChallenges.id });
      return rows.length > 0;
    },
  };
}
export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
