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
import { sessions, users } from './users';

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

/**
 * A user's passkeys (WebAuthn credentials), any number beside the authenticator app. The public
 * key is the COSE key the authenticator made (base64url); `counter` is its signature counter,
 * which must grow with every use unless the authenticator keeps none (0): a counter that falls
 * behind means a cloned key.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_counter_check', sql`${t.counter} >= 0`),
  ],
);

/** What a WebAuthn challenge is for. */
export const WEBAUTHN_CEREMONIES = ['registration', 'signin', 'step_up'] as const;
export type WebauthnCeremony = (typeof WEBAUTHN_CEREMONIES)[number];

/**
 * WebAuthn challenges, each for one ceremony of one user and bound to where it may be answered:
 * registration and step-up to the session that asked, sign-in to its sign-in challenge. A
 * challenge is taken (deleted) by the first answer, right or wrong, and dies at `expiresAt`.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: WEBAUTHN_CEREMONIES }).notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    signinChallengeId: uuid('signin_challenge_id').references(() => signinChallenges.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_user_idx').on(t.userId),
    check(
      'webauthn_challenges_binding_check',
      sql`(${t.purpose} in ('registration', 'step_up') and ${t.sessionId} is not null and ${t.signinChallengeId} is null)
        or (${t.purpose} = 'signin' and ${t.signinChallengeId} is not null and ${t.sessionId} is null)`,
    ),
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
