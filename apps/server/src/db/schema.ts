import {
  IDEMPOTENCY_CALLERS,
  PAYMENT_SESSION_STATUSES,
  PAYOUT_EXCEPTION_OUTCOMES,
  PAYOUT_EXCEPTION_RESOLUTIONS,
  WITHDRAWAL_STATUSES,
} from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One PostgreSQL schema for PGlite and PostgreSQL alike. Only *.repository.ts files import it.
 * Timestamps are timestamptz; ids are UUIDs made by the database.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One check's latest run as wallet_accounts.health_latest keeps it (ISO times, UTC). */
export type LatestWalletCheckSnapshot = {
  status: number;
  reason: string | null;
  message: string | null;
  startedAt: string;
  finishedAt: string | null;
};
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
    index('users_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
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
  // In the log's pages' (connected_at, id) order: a page walks it without sorting ties.
  (t) => [index('device_connections_device_idx').on(t.deviceId, t.connectedAt.desc(), t.id.desc())],
);

/**
 * One run of one check. status: 0 unknown, 1 OK, 2 failed, 3 checking. Device-level checks have no
 * wallet account; wallet-level checks (and QR fetches) name the account they ran on, on its phone.
 */
export const healthCheckRuns = pgTable(
  'health_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    walletAccountId: uuid('wallet_account_id').references((): AnyPgColumn => walletAccounts.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    status: smallint('status').notNull(),
    trigger: text('trigger', { enum: ['user', 'schedule'] }).notNull(),
    startedByUserId: uuid('started_by_user_id'),
    commandId: text('command_id').notNull(),
    data: jsonb('data'),
    additionalData: jsonb('additional_data'),
    reason: text('reason'),
    /** The phone's own words about a failure (wallet checks). */
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('health_check_runs_device_idx').on(t.deviceId, t.startedAt.desc()),
    // A device's own history, without its accounts' runs, in its pages' (started_at, id) order.
    index('health_check_runs_device_own_idx')
      .on(t.deviceId, t.startedAt.desc(), t.id.desc())
      .where(sql`${t.walletAccountId} is null`),
    index('health_check_runs_wallet_idx')
      .on(t.walletAccountId, t.startedAt.desc(), t.id.desc())
      .where(sql`${t.walletAccountId} is not null`),
    // The latest run of one check type of an account is one probe, however long its history.
    index('health_check_runs_wallet_type_idx')
      .on(t.walletAccountId, t.type, t.startedAt.desc())
      .where(sql`${t.walletAccountId} is not null`),
    uniqueIndex('health_check_runs_command_key').on(t.commandId),
    // At most one CHECKING run per device and type, and per account and type: the database refuses a second.
    uniqueIndex('health_check_runs_one_checking_key')
      .on(t.deviceId, t.type)
      .where(sql`${t.status} = 3 and ${t.walletAccountId} is null`),
    uniqueIndex('health_check_runs_one_wallet_checking_key')
      .on(t.walletAccountId, t.type)
      .where(sql`${t.status} = 3 and ${t.walletAccountId} is not null`),
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
/**
 * The last run of each self-check of the books (ledger-check.ts): when, and what it found. Written by
 * the one instance that ran it, read by every instance's metrics.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  violations: integer('violations').notNull(),
  /** The first violations, as ledgerViolations words them. */
  sample: jsonb('sample').$type<string[]>().notNull(),
});

export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunBy: text('last_run_by'),
});

/**
 * A DANA, Livin' or Maya account on one phone. Money is bigint minor units (IDR rupiah, PHP
 * centavos). Credentials are one AES-256-GCM sealed JSON value, never returned; credentialFields
 * says which are set. Force-active lives in `settings` under the provider's spec key
 * (force_active, bank_force_active, maya_force_active). healthState is kept in step with the
 * latest wallet-check runs so lists can filter on it.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['dana', 'livin', 'maya'] }).notNull(),
    label: text('label').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['active', 'disabled', 'auto_disabled'] })
      .notNull()
      .default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    autoDisabledCause: jsonb('auto_disabled_cause').$type<{
      source: 'check' | 'login';
      type: string;
      reason: string;
      failures: number;
      at: string;
    }>(),
    loginStatus: text('login_status', {
      enum: ['logged_out', 'logging_in', 'logged_in', 'failed', 'session_expired'],
    })
      .notNull()
      .default('logged_out'),
    loginStatusChangedAt: timestamp('login_status_changed_at', { withTimezone: true }),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }),
    balanceReadAt: timestamp('balance_read_at', { withTimezone: true }),
    dailyIncomingAmountMinor: bigint('daily_incoming_amount_minor', { mode: 'bigint' }),
    dailyIncomingCount: integer('daily_incoming_count'),
    dailyOutgoingAmountMinor: bigint('daily_outgoing_amount_minor', { mode: 'bigint' }),
    dailyOutgoingCount: integer('daily_outgoing_count'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    proxyId: uuid('proxy_id').references(() => proxies.id, { onDelete: 'set null' }),
    credentialsEncrypted: text('credentials_encrypted'),
    credentialFields: jsonb('credential_fields').$type<string[]>().notNull().default([]),
    credentialsUpdatedAt: timestamp('credentials_updated_at', { withTimezone: true }),
    healthState: text('health_state', { enum: ['healthy', 'failing', 'checking', 'unknown'] })
      .notNull()
      .default('unknown'),
    /**
     * The latest run of each wallet check type (and the QR fetch), kept with health_state by the
     * statement that recomputes it after every run change: lists read it with the row instead of
     * probing the run history per account and type.
     */
    healthLatest: jsonb('health_latest').$type<Record<string, LatestWalletCheckSnapshot>>().notNull().default({}),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    qrPayload: text('qr_payload'),
    qrReadAt: timestamp('qr_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_accounts_number_key').on(t.provider, t.accountNumber),
    index('wallet_accounts_device_idx').on(t.deviceId),
    // Keyset pages per dashboard, one index per sort.
    index('wallet_accounts_label_idx').on(t.provider, t.label, t.id),
    index('wallet_accounts_created_idx').on(t.provider, t.createdAt, t.id),
    index('wallet_accounts_balance_idx').on(t.provider, sql`coalesce(${t.balanceMinor}, -1)`, t.id),
    // And the same sorts across every provider (GET /wallets with no provider): without them a
    // page reads and sorts every account (a thousand accounts: 4.1 ms of PostgreSQL a page, 1.3 ms with).
    index('wallet_accounts_all_label_idx').on(t.label, t.id),
    index('wallet_accounts_all_created_idx').on(t.createdAt, t.id),
    index('wallet_accounts_all_balance_idx').on(sql`coalesce(${t.balanceMinor}, -1)`, t.id),
    check('wallet_accounts_provider_check', sql`${t.provider} in ('dana', 'livin', 'maya')`),
    check('wallet_accounts_balance_check', sql`${t.balanceMinor} is null or ${t.balanceMinor} >= 0`),
    check('wallet_accounts_failures_check', sql`${t.consecutiveFailures} >= 0`),
  ],
);

/**
 * Transfers on an account as the phone read them, one row per account and provider transaction
 * id (a report sent twice, or a history read again, adds nothing). Amounts are positive minor
 * units; direction says which way. Rows are never updated: they are what deposits match against.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'restrict' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    counterpartyName: text('counterparty_name').notNull().default(''),
    counterpartyAccount: text('counterparty_account').notNull().default(''),
    note: text('note').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: ['push', 'history'] }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_provider_id_key').on(t.accountId, t.providerTransactionId),
    index('wallet_transactions_account_idx').on(t.accountId, t.occurredAt.desc(), t.id.desc()),
    // Deposit matching: an exact amount into one account within a time window.
    index('wallet_transactions_match_idx').on(t.accountId, t.direction, t.amountMinor, t.occurredAt),
    // The matching sweep: recent incoming transfers, to find any not considered yet.
    index('wallet_transactions_incoming_reported_idx').on(t.reportedAt).where(sql`${t.direction} = 'in'`),
    check('wallet_transactions_amount_check', sql`${t.amountMinor} > 0`),
    check('wallet_transactions_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * Each account's transfers per day and direction, kept in step with wallet_transactions by the
 * statement that inserts them (daily limits, dashboard totals: one row per account and day to
 * read, however many transfers there were). `day` is the provider's local date.
 */
export const walletDailyTotals = pgTable(
  'wallet_daily_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.direction] }),
    check('wallet_daily_totals_amount_check', sql`${t.amountMinor} > 0 and ${t.count} > 0`),
  ],
);

/** One login attempt on an account (spec §2 login steps); at most one running or awaiting its OTP. */
export const walletLoginFlows = pgTable(
  'wallet_login_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'awaiting_otp', 'succeeded', 'failed', 'cancelled'] }).notNull(),
    currentStep: smallint('current_step').notNull().default(0),
    failedStep: smallint('failed_step'),
    reason: text('reason'),
    startedByUserId: uuid('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_login_flows_one_active_key')
      .on(t.accountId)
      .where(sql`${t.status} in ('running', 'awaiting_otp')`),
    index('wallet_login_flows_account_idx').on(t.accountId, t.startedAt.desc()),
    index('wallet_login_flows_otp_idx').on(t.otpExpiresAt).where(sql`${t.status} = 'awaiting_otp'`),
  ],
);

/** One attempt of one step of a login flow: the agent command that ran it. */
export const walletLoginSteps = pgTable(
  'wallet_login_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => walletLoginFlows.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    commandId: text('command_id').notNull(),
    /** The phone it was sent to: only that phone's result can end it. */
    deviceId: uuid('device_id').notNull(),
    reason: text('reason'),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_login_steps_command_key').on(t.commandId),
    uniqueIndex('wallet_login_steps_one_running_key').on(t.flowId).where(sql`${t.status} = 'running'`),
    index('wallet_login_steps_flow_idx').on(t.flowId, t.startedAt),
    index('wallet_login_steps_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 'running'`),
    index('wallet_login_steps_device_idx').on(t.deviceId).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Merchants: who Gerbang collects money for, and on what terms. Money columns are bigint minor
 * units of the merchant's currency; the fee percentage is basis points (250 = 2.50 %). The
 * webhook signing secret is sealed with the secret box and never leaves the server again.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Upper case, unique: merchants and operators refer to a merchant by it. */
    code: text('code').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    depositFeeBasisPoints: integer('deposit_fee_basis_points').notNull().default(0),
    depositFeeFixedMinor: bigint('deposit_fee_fixed_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    withdrawalFeeBasisPoints: integer('withdrawal_fee_basis_points').notNull().default(0),
    withdrawalFeeFixedMinor: bigint('withdrawal_fee_fixed_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'bigint' }).notNull(),
    allowedMethods: text('allowed_methods').array().notNull(),
    callbackUrl: text('callback_url'),
    webhookSecretEncrypted: text('webhook_secret_encrypted').notNull(),
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    paymentTimeLimitMinutes: integer('payment_time_limit_minutes').notNull(),
    /** Customers may open payments themselves from a link with the code (/request-transaction). */
    paymentLinksEnabled: boolean('payment_links_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_code_key').on(t.code),
    // The list: by name, then id (keyset), with and without the status filter.
    index('merchants_name_id_idx').on(t.name, t.id),
    index('merchants_status_name_id_idx').on(t.status, t.name, t.id),
    check('merchants_code_upper_check', sql`${t.code} = upper(${t.code})`),
    check(
      'merchants_fee_check',
      sql`${t.depositFeeBasisPoints} between 0 and 10000 and ${t.depositFeeFixedMinor} >= 0`,
    ),
    check(
      'merchants_withdrawal_fee_check',
      sql`${t.withdrawalFeeBasisPoints} between 0 and 10000 and ${t.withdrawalFeeFixedMinor} >= 0`,
    ),
    check('merchants_amounts_check', sql`${t.minAmountMinor} > 0 and ${t.minAmountMinor} <= ${t.maxAmountMinor}`),
    check('merchants_methods_check', sql`cardinality(${t.allowedMethods}) > 0`),
  ],
);

/** A merchant's API tokens (merchant API `/v1`): only the secret's SHA-256 is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The ledger's accounts. Entries are signed, debit positive and credit negative, so every journal
 * sums to zero; `normal` says which way an account's balance is read: 1 for assets (cash at a
 * wallet account), -1 for what Gerbang owes or earns (a merchant's balances, fee revenue).
 * `balance_minor` is the running sum of the account's entries, kept by the posting statement and
 * checked against the entries by the tests; a merchant's available balance can never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "merchant:<id>:available", "wallet:<id>:cash", "fees:IDR": one account per purpose. */
    code: text('code').notNull(),
    kind: text('kind', {
      enum: [
        'merchant_available',
        'merchant_pending',
        'fee_revenue',
        'amount_adjustment',
        'wallet_cash',
        'suspense',
        'external_payouts',
        'payout_exceptions',
        'payout_losses',
      ],
    }).notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    normal: smallint('normal').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    // An account is its purpose in one currency: a journal of another currency never finds it.
    uniqueIndex('ledger_accounts_code_currency_key').on(t.code, t.currency),
    // What an entry's foreign key points at: the account in the entry's currency.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    index('ledger_accounts_merchant_idx').on(t.merchantId),
    check('ledger_accounts_normal_check', sql`${t.normal} in (1, -1)`),
    check(
      'ledger_accounts_available_not_negative',
      sql`${t.kind} <> 'merchant_available' or ${t.balanceMinor} * ${t.normal} >= 0`,
    ),
    // Holds are released or settled once each: what is pending never goes below zero either.
    check(
      'ledger_accounts_pending_not_negative',
      sql`${t.kind} <> 'merchant_pending' or ${t.balanceMinor} * ${t.normal} >= 0`,
    ),
  ],
);

/**
 * One movement of money: append-only (a trigger refuses UPDATE and DELETE of journals and entries,
 * migration 0027); a correction is a new journal.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "deposit", later "withdrawal_hold", …: with the reference, posted at most once. */
    kind: text('kind').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_journals_kind_reference_key').on(t.kind, t.referenceId),
    // A withdrawal's hold is settled or released, never both.
    uniqueIndex('ledger_journals_hold_resolution_key')
      .on(t.referenceId)
      .where(sql`${t.kind} in ('withdrawal_settle', 'withdrawal_release')`),
    unique('ledger_journals_id_currency_key').on(t.id, t.currency),
    index('ledger_journals_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** The journal's currency, and its account's: both foreign keys below hold it to them. */
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    /** Debit positive, credit negative, in the journal's currency's minor units. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_entries_journal_currency_fk',
      columns: [t.journalId, t.currency],
      foreignColumns: [ledgerJournals.id, ledgerJournals.currency],
    }),
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Payment sessions (contract `payments/payment-session.ts` draws the state machine). Amounts in
 * the merchant's currency's minor units. While a session is open on a wallet account its final
 * amount is unique on that account, so an incoming transfer matches at most one session.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    referenceNumber: text('reference_number').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    extraFeeMinor: bigint('extra_fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    finalAmountMinor: bigint('final_amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull(),
    method: text('method', { enum: ['dana', 'livin', 'maya'] }),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    /** The incoming transfer that paid it (one transfer pays at most one session). */
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    customer: jsonb('customer').$type<Record<string, string>>(),
    returnUrl: text('return_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    failureReason: text('failure_reason'),
    apiTokenId: uuid('api_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sessions_merchant_reference_key').on(t.merchantId, t.referenceNumber),
    uniqueIndex('payment_sessions_open_amount_key')
      .on(t.walletAccountId, t.finalAmountMinor)
      .where(sql`${t.status} in ('awaiting_payment', 'processing')`),
    uniqueIndex('payment_sessions_transaction_key').on(t.walletTransactionId),
    index('payment_sessions_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('payment_sessions_merchant_status_created_id_idx').on(
      t.merchantId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('payment_sessions_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payment_sessions_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The operators' filters by method and by receiving account, newest first.
    index('payment_sessions_method_created_id_idx').on(t.method, t.createdAt.desc(), t.id.desc()),
    index('payment_sessions_account_created_id_idx').on(t.walletAccountId, t.createdAt.desc(), t.id.desc()),
    // Reference search (starts with), across merchants: LIKE 'prefix%' needs the pattern operators.
    index('payment_sessions_reference_prefix_idx').on(t.referenceNumber.op('text_pattern_ops')),
    // The deadline sweeps read open sessions by their deadline.
    index('payment_sessions_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('created', 'awaiting_payment', 'processing')`),
    // Matching: the sessions of one account by final amount (late payments look at closed ones too).
    index('payment_sessions_account_amount_idx').on(t.walletAccountId, t.finalAmountMinor, t.expiresAt),
    check(
      'payment_sessions_amounts_check',
      sql`${t.amountMinor} > 0 and ${t.discountMinor} >= 0 and ${t.extraFeeMinor} >= 0 and ${t.feeMinor} >= 0 and ${t.finalAmountMinor} = ${t.amountMinor} - ${t.discountMinor} + ${t.extraFeeMinor} and ${t.finalAmountMinor} > 0`,
    ),
  ],
);

/** Every transition of a session, in order: its timeline. */
export const paymentSessionEvents = pgTable(
  'payment_session_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => paymentSessions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Why: "method_selected", "customer_transferred", "transfer_matched", "time_limit", … */
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_session_events_session_idx').on(t.sessionId, t.id)],
);

/**
 * Idempotency keys: the first request with a key runs, its answer is kept for 24 hours and replayed
 * to the same request; another body with that key is refused. Keys live in the space of their
 * merchant and their caller (the merchant's server on /v1, a customer's payment link, the
 * console's settlement requests): a key used in one space never answers or burns one in another.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    caller: text('caller', { enum: IDEMPOTENCY_CALLERS }).notNull().default('merchant_api'),
    key: text('key').notNull(),
    /** The route and the body's SHA-256: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.caller, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * What became of each incoming transfer: it paid a session (matched), it arrived after the
 * window of a session with its amount (paid_late), or it matches nothing (unmatched). One row per
 * transfer, so a transfer reported twice is considered once. Paid-late and unmatched transfers wait
 * for an operator, whose resolution (who, when, why) is kept here and in the audit log.
 */
export const depositMatches = pgTable(
  'deposit_matches',
  {
    walletTransactionId: uuid('wallet_transaction_id')
      .primaryKey()
      .references(() => walletTransactions.id, { onDelete: 'restrict' }),
    walletAccountId: uuid('wallet_account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'restrict' }),
    outcome: text('outcome', { enum: ['matched', 'paid_late', 'unmatched'] }).notNull(),
    /** The session it paid, or (paid late) the session whose amount it carries. */
    paymentSessionId: uuid('payment_session_id').references(() => paymentSessions.id, { onDelete: 'restrict' }),
    resolution: text('resolution', { enum: ['matched', 'refunded_outside'] }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The merchant whose session this transfer paid (matched, or matched by an operator): the
     * merchant's view of the list walks its own index instead of probing every transfer's session.
     */
    paidMerchantId: uuid('paid_merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The review queues: open items of an outcome, in time order.
    index('deposit_matches_open_idx')
      .on(t.outcome, t.createdAt, t.walletTransactionId)
      .where(sql`${t.resolvedAt} is null and ${t.outcome} <> 'matched'`),
    index('deposit_matches_session_idx').on(t.paymentSessionId),
    // The "Transaction" list, newest first, by each of its filters (read backwards for DESC).
    index('deposit_matches_created_idx').on(t.createdAt, t.walletTransactionId),
    index('deposit_matches_outcome_created_idx').on(t.outcome, t.createdAt, t.walletTransactionId),
    index('deposit_matches_awaiting_created_idx')
      .on(t.createdAt, t.walletTransactionId)
      .where(sql`${t.resolvedAt} is null and ${t.outcome} <> 'matched'`),
    index('deposit_matches_merchant_created_idx')
      .on(t.paidMerchantId, t.createdAt, t.walletTransactionId)
      .where(sql`${t.paidMerchantId} is not null`),
    index('deposit_matches_merchant_outcome_created_idx')
      .on(t.paidMerchantId, t.outcome, t.createdAt, t.walletTransactionId)
      .where(sql`${t.paidMerchantId} is not null`),
  ],
);

/**
 * The webhook outbox: one event per state change, written in the transaction of that change, so
 * no change goes unannounced and no announcement is of a change that rolled back. Delivered to the
 * merchant's callback URL with retries; one delivery at a time per event across instances.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    /** What the payment session's id, or another subject's, is. */
    subjectId: uuid('subject_id').notNull(),
    /**
     * The order events were written in (in the body too): a subject's changes are serialized by
     * its row lock, so its events' sequence is the order its changes committed in, and delivery
     * follows it.
     */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    /** The exact JSON body sent (the event: id, type, sequence, createdAt, data). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim of the delivery pass that holds the event: only it may record the outcome. */
    claimId: uuid('claim_id'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_events_subject_idx').on(t.subjectId, t.createdAt),
    // Delivery in order: is an earlier event of the subject still pending?
    index('webhook_events_pending_subject_idx').on(t.subjectId, t.sequence).where(sql`${t.status} = 'pending'`),
    index('webhook_events_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Every delivery attempt of an event: when, how long, what the receiver answered or what failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_event_idx').on(t.eventId, t.id)],
);

/**
 * A merchant's own payout destinations. Verified by an account-name inquiry a phone makes (the
 * holder's name as the provider shows it) before a withdrawal may go to it.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    label: text('label').notNull().default(''),
    status: text('status', { enum: ['verifying', 'verified', 'failed'] }).notNull(),
    verifiedHolderName: text('verified_holder_name'),
    failureReason: text('failure_reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Removed methods are kept (withdrawals point at them) but no longer listed or usable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_methods_destination_key')
      .on(t.merchantId, t.provider, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
    index('payout_methods_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

/**
 * Account-name inquiries: one question to one phone about one destination (for a payout method or
 * a customer withdrawal). The phone's answer, or the reason there was none, is kept.
 */
export const accountInquiries = pgTable(
  'account_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commandId: uuid('command_id').notNull(),
    subjectType: text('subject_type', { enum: ['payout_method', 'withdrawal'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    accountNumber: text('account_number').notNull(),
    status: text('status', { enum: ['running', 'ok', 'failed'] }).notNull(),
    holderName: text('holder_name'),
    failureReason: text('failure_reason'),
    message: text('message'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_inquiries_command_key').on(t.commandId),
    index('account_inquiries_subject_idx').on(t.subjectId, t.createdAt),
    index('account_inquiries_running_idx').on(t.deadlineAt).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Money out (contract withdrawals/withdrawal.ts draws the state machine): a settlement to a
 * merchant's payout method or a payment to a customer. The destination is copied onto the row, so
 * what was approved is what is sent. At most one transfer is ever sent per withdrawal: its command
 * id, sending account and phone are kept here, and one account runs one transfer at a time.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['settlement', 'customer'] }).notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    referenceNumber: text('reference_number').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    payoutMethodId: uuid('payout_method_id').references(() => payoutMethods.id, { onDelete: 'restrict' }),
    destProvider: text('dest_provider').notNull(),
    destAccountNumber: text('dest_account_number').notNull(),
    destHolderName: text('dest_holder_name').notNull(),
    verifiedHolderName: text('verified_holder_name'),
    note: text('note').notNull().default(''),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'restrict' }),
    commandId: uuid('command_id'),
    transferStartedAt: timestamp('transfer_started_at', { withTimezone: true }),
    transferDeadlineAt: timestamp('transfer_deadline_at', { withTimezone: true }),
    /** The outgoing transfer in the sending account's history that paid it. */
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    transferReference: text('transfer_reference'),
    failureReason: text('failure_reason'),
    customer: jsonb('customer').$type<Record<string, string>>(),
    returnUrl: text('return_url'),
    apiTokenId: uuid('api_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    /** A customer withdrawal not confirmed by then is cancelled (its link lapses). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The customer must confirm the verified destination before this; once confirmed, an account
     * must take it before this (WITHDRAWAL_QUEUE_SECONDS) or it fails and its hold is released.
     */
    confirmDeadlineAt: timestamp('confirm_deadline_at', { withTimezone: true }),
    /** When the customer confirmed: it waits in awaiting_confirmation until an account is free to send it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Why the customer is asked to verify again: verification_timeout, confirmation_timeout. */
    lastError: text('last_error'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastChangedByUserId: uuid('last_changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_merchant_reference_key').on(t.merchantId, t.referenceNumber),
    uniqueIndex('withdrawals_command_key').on(t.commandId),
    uniqueIndex('withdrawals_transaction_key').on(t.walletTransactionId),
    // One transfer at a time per sending account: the account is busy while it runs.
    uniqueIndex('withdrawals_account_sending_key').on(t.walletAccountId).where(sql`${t.status} = 'processing'`),
    index('withdrawals_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('withdrawals_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('withdrawals_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('withdrawals_payout_method_idx').on(t.payoutMethodId),
    index('withdrawals_transfer_deadline_idx').on(t.transferDeadlineAt).where(sql`${t.status} = 'processing'`),
    // The customer-withdrawal sweeps: lapsed links and passed confirmation deadlines.
    index('withdrawals_customer_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('verifying', 'awaiting_confirmation')`),
    index('withdrawals_uncertain_account_idx').on(t.walletAccountId).where(sql`${t.status} = 'uncertain'`),
    check('withdrawals_amounts_check', sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0`),
  ],
);

/**
 * Outgoing transfers no open withdrawal answers for (contract `withdrawals/payout-exception.ts`):
 * one row per transfer, written with its journal to the payout exceptions account, so each is
 * queued once; an operator's resolution (who, when, why) is kept here and in the audit log.
 */
export const payoutExceptions = pgTable(
  'payout_exceptions',
  {
    walletTransactionId: uuid('wallet_transaction_id')
      .primaryKey()
      .references(() => walletTransactions.id, { onDelete: 'restrict' }),
    walletAccountId: uuid('wallet_account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'restrict' }),
    outcome: text('outcome', { enum: PAYOUT_EXCEPTION_OUTCOMES }).notNull(),
    /** The released withdrawal it paid (paid_after_release). */
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'restrict' }),
    resolution: text('resolution', { enum: PAYOUT_EXCEPTION_RESOLUTIONS }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_exceptions_created_idx').on(t.createdAt.desc(), t.walletTransactionId.desc()),
    index('payout_exceptions_open_created_idx')
      .on(t.createdAt.desc(), t.walletTransactionId.desc())
      .where(sql`${t.resolvedAt} is null`),
    index('payout_exceptions_withdrawal_idx').on(t.withdrawalId),
  ],
);

/** Every transition of a withdrawal, in order, with who made it: its timeline. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_events_withdrawal_idx').on(t.withdrawalId, t.id)],
);
