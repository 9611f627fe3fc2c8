import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  inet,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased: the sign-in identity. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    roleId: smallint('role_id').notNull(),
    /** A Merchant user's merchant (role 4); null for operators. */
    merchantId: uuid('merchant_id').references((): AnyPgColumn => merchants.id, { onDelete: 'restrict' }),
    /** A Merchant user's role in its merchant's team; null for operators. */
    merchantRole: text('merchant_role', { enum: ['owner', 'developer', 'finance', 'viewer'] }),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the user enrolled a second factor (a confirmed authenticator); null: password only. */
    secondFactorEnrolledAt: timestamp('second_factor_enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Keyset pagination: newest first, with and without the role/status filters.
    index('users_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_role_created_id_idx').on(t.roleId, t.createdAt.desc(), t.id.desc()),
    index('users_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('users_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    check('users_role_id_check', sql`${t.roleId} between 1 and 5`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_merchant_role_check',
      sql`(${t.roleId} = 4) = (${t.merchantRole} is not null) and ${t.merchantRole} in ('owner', 'developer', 'finance', 'viewer')`,
    ),
  ],
);

/** A session is one refresh-token family: created at sign-in, ended by logout, expiry or reuse. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session; the idle end is lastUsedAt + idle timeout. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /** The last time this session's user proved a second factor (sign-in or step-up). */
    secondFactorVerifiedAt: timestamp('second_factor_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // A user's live sessions (the users list's isLoggedIn, ending a user's sessions) without
    // reading the expired and revoked ones every sign-in leaves behind: with a year of daily
    // sign-ins, a page of 50 users read 18,000 heap pages through sessions_user_idx (9 ms).
    index('sessions_live_user_idx').on(t.userId, t.expiresAt).where(sql`${t.revokedAt} is null`),
  ],
);

/** Refresh tokens are opaque; only their SHA-256 is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Set when this token was exchanged for a successor. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Activation and password-reset links: one-time, hashed, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
