import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A user's TOTP authenticator (RFC 6238). The shared secret is sealed (secret box); `confirmedAt`
 * is null while enrolment waits for the first code. `lastUsedStep` is the newest 30-second step
 * a code was accepted for: a code is accepted once, never again in its window.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a correct password and a second factor: an opaque token (hashed here) that
 * lives 5 minutes and dies after 5 wrong codes.
 */
export const signinChallenges = pgTable(
  'signin_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signin_challenges_hash_key').on(t.tokenHash),
    index('signin_challenges_user_idx').on(t.userId),
    check('signin_challenges_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);

/** Which roles must sign in with a second factor; a role without a row need not. */
export const secondFactorPolicy = pgTable(
  'second_factor_policy',
  {
    roleId: smallint('role_id').primaryKey(),
    required: boolean('required').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('second_factor_policy_role_check', sql`${t.roleId} between 1 and 5`)],
);
