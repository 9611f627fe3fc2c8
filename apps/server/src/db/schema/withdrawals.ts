import {
  PAYOUT_EXCEPTION_OUTCOMES,
  PAYOUT_EXCEPTION_RESOLUTIONS,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
} from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens';
import { createdAt } from './columns';
import { devices } from './devices';
import { merchants } from './merchants';
import { paymentSessions } from './payment-sessions';
import { users } from './users';
import { walletAccounts, walletTransactions } from './wallets';

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
    /** How well the typed name matches the provider's, 0–100 (payout-name-check.ts). */
    nameScore: integer('name_score'),
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
    kind: text('kind', { enum: WITHDRAWAL_KINDS }).notNull(),
    /** Every kind but `return` (a transfer sent back to its sender belongs to no merchant). */
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    referenceNumber: text('reference_number').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    payoutMethodId: uuid('payout_method_id').references(() => payoutMethods.id, { onDelete: 'restrict' }),
    /** The session a refund pays back; set exactly on refunds. */
    paymentSessionId: uuid('payment_session_id').references(() => paymentSessions.id, { onDelete: 'restrict' }),
    /** The incoming transfer a return sends back; set exactly on returns. */
    returnedTransferId: uuid('returned_transfer_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    /**
     * A refund whose payment named no account: the customer names the destination (and confirms it)
     * on the withdraw page, as for a customer withdrawal.
     */
    destinationByCustomer: boolean('destination_by_customer').notNull().default(false),
    /**
     * False for test mode's (a test twin's, docs/test-mode.md): the test provider pays it, never a
     * phone, and its journals are in the test book.
     */
    livemode: boolean('livemode').notNull().default(true),
    destProvider: text('dest_provider').notNull(),
    destAccountNumber: text('dest_account_number').notNull(),
    destHolderName: text('dest_holder_name').notNull(),
    verifiedHolderName: text('verified_holder_name'),
    /** How well the merchant's name for the holder matches the provider's, 0–100; null: nothing compared. */
    nameScore: integer('name_score'),
    /**
     * The provider's name an operator accepted for this destination: a later inquiry that returns it
     * again (the customer verifies again after a timeout) is not held a second time.
     */
    nameApprovedHolder: text('name_approved_holder'),
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
    // Operators' test-mode list (they see test activity only when they ask for it).
    index('withdrawals_test_created_id_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`not ${t.livemode}`),
    index('withdrawals_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('withdrawals_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('withdrawals_payout_method_idx').on(t.payoutMethodId),
    index('withdrawals_transfer_deadline_idx').on(t.transferDeadlineAt).where(sql`${t.status} = 'processing'`),
    // The customer-withdrawal sweeps: lapsed links and passed confirmation deadlines.
    index('withdrawals_customer_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('awaiting_destination', 'verifying', 'name_review', 'awaiting_confirmation')`),
    index('withdrawals_uncertain_account_idx').on(t.walletAccountId).where(sql`${t.status} = 'uncertain'`),
    // Test mode's money out never leaves from a phone's account.
    check('withdrawals_test_no_account_check', sql`${t.livemode} or ${t.walletAccountId} is null`),
    check('withdrawals_amounts_check', sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0`),
    check('withdrawals_refund_session_check', sql`(${t.kind} = 'refund') = (${t.paymentSessionId} is not null)`),
    check('withdrawals_return_merchant_check', sql`(${t.kind} = 'return') = (${t.merchantId} is null)`),
    check('withdrawals_return_transfer_check', sql`(${t.kind} = 'return') = (${t.returnedTransferId} is not null)`),
    // A transfer's returns, whatever their state: every resolution of a queued transfer asks whether a
    // return of it was paid after its release, and a new return counts the earlier ones.
    index('withdrawals_returned_transfer_idx').on(t.returnedTransferId).where(sql`${t.returnedTransferId} is not null`),
    // One return of a transfer at a time: another only once the last one ended unpaid.
    uniqueIndex('withdrawals_return_open_key')
      .on(t.returnedTransferId)
      .where(sql`${t.returnedTransferId} is not null and ${t.status} not in ('failed', 'rejected', 'cancelled')`),
    index('withdrawals_payment_session_idx').on(t.paymentSessionId).where(sql`${t.paymentSessionId} is not null`),
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
