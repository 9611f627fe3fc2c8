import { WALLET_PROVIDERS } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { devices } from './devices';
import { proxies } from './proxies';
import { users } from './users';

/** One check's latest run as wallet_accounts.health_latest keeps it (ISO times, UTC). */
export type LatestWalletCheckSnapshot = {
  status: number;
  reason: string | null;
  message: string | null;
  startedAt: string;
  finishedAt: string | null;
};

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
    provider: text('provider', { enum: WALLET_PROVIDERS }).notNull(),
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
    check(
      'wallet_accounts_provider_check',
      sql`${t.provider} in (${sql.raw(WALLET_PROVIDERS.map((provider) => `'${provider}'`).join(', '))})`,
    ),
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
 * Each balance a phone reported for an account, beside what the ledger held as the account's cash
 * at that moment (same statement): an operator reconciles a day by comparing how much each moved.
 */
export const walletBalanceReadings = pgTable(
  'wallet_balance_readings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    walletAccountId: uuid('wallet_account_id')
      .notNull()
      .references(() => walletAccounts.id, { onDelete: 'cascade' }),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
    ledgerCashMinor: bigint('ledger_cash_minor', { mode: 'bigint' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_balance_readings_account_idx').on(t.walletAccountId, t.readAt.desc())],
);
