import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One PostgreSQL schema for PGlite and PostgreSQL alike. Only *.repository.ts files import it.
 * Timestamps are timestamptz; ids are UUIDs made by the database.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased: the sign-in identity. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    roleId: smallint('role_id').notNull(),
    merchantId: uuid('merchant_id'),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Keyset pagination: newest first, with and without the role/status filters.
    index('users_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_role_created_id_idx').on(t.roleId, t.createdAt.desc(), t.id.desc()),
    index('users_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    check('users_role_id_check', sql`${t.roleId} between 1 and 5`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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

/**
 * Append-only audit trail: who did what to whom, when and from where. `subject` is the
 * identity an anonymous action was about (e.g. the email of a failed sign-in); the login
 * rate limit counts rows by (action, subject) and (action, ip).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    subject: text('subject'),
    ip: inet('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_action_subject_idx').on(t.action, t.subject, t.createdAt),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
  currency: text('currency').notNull(),
});

/**
 * Managed phones. The agent token is stored hashed. Presence columns are written by the instance
 * holding the agent's connection (heartbeats are batched); isOnline is derived from connectedAt,
 * disconnectedAt and lastSeenAt against AGENT_PRESENCE_TIMEOUT_MS.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isSimulated: boolean('is_simulated').notNull().default(false),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    tokenHash: text('token_hash').notNull(),
    tokenRotatedAt: timestamp('token_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    protocolVersion: integer('protocol_version'),
    appVersions: jsonb('app_versions').$type<Record<string, string>>().notNull().default({}),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    telemetry: jsonb('telemetry').$type<Record<string, unknown>>(),
    /** The live connection's id, null when disconnected; a new connection replaces it. */
    connectionId: text('connection_id'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    isBusy: boolean('is_busy').notNull().default(false),
    /** Busy is a lease: released when it passes (AGENT_BUSY_LEASE_MS). */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_token_hash_key').on(t.tokenHash), index('devices_name_idx').on(t.name)],
);

/** The connection log of each device. */
export const deviceConnections = pgTable(
  'device_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [index('device_connections_device_idx').on(t.deviceId, t.connectedAt.desc())],
);

/** One run of one device-level check. status: 0 unknown, 1 OK, 2 failed, 3 checking. */
export const healthCheckRuns = pgTable(
  'health_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: smallint('status').notNull(),
    trigger: text('trigger', { enum: ['user', 'schedule'] }).notNull(),
    startedByUserId: uuid('started_by_user_id'),
    commandId: text('command_id').notNull(),
    data: jsonb('data'),
    additionalData: jsonb('additional_data'),
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('health_check_runs_device_idx').on(t.deviceId, t.startedAt.desc()),
    uniqueIndex('health_check_runs_command_key').on(t.commandId),
    // At most one CHECKING run per device and type: the database refuses a second.
    uniqueIndex('health_check_runs_one_checking_key').on(t.deviceId, t.type).where(sql`${t.status} = 3`),
    index('health_check_runs_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 3`),
  ],
);

/** Proxies the phones use. The password is AES-256-GCM encrypted and never returned. */
export const proxies = pgTable(
  'proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['http', 'https', 'socks5'] }).notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    label: text('label').notNull().default(''),
    checkStatus: text('check_status', { enum: ['unchecked', 'ok', 'failed'] })
      .notNull()
      .default('unchecked'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    latencyMs: integer('latency_ms'),
    exitIp: text('exit_ip'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // coalesce: two proxies without a username at the same endpoint are duplicates too.
  (t) => [uniqueIndex('proxies_endpoint_key').on(t.type, t.host, t.port, sql`coalesce(${t.username}, '')`)],
);

/**
 * Periodic jobs shared by every instance: an instance runs a job only after moving next_run_at
 * forward with a guarded update, so each due run happens once however many instances there are.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunBy: text('last_run_by'),
});
