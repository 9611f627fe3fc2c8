import {
  DEPOSIT_RESOLUTIONS,
  type DepositProposal,
  IDEMPOTENCY_CALLERS,
  PAYMENT_SESSION_STATUSES,
  WALLET_PROVIDERS,
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens';
import { createdAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';
import { walletAccounts, walletTransactions } from './wallets';

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
    /**
     * What arrived when it was paid: the final amount, or (an operator's near match) the transfer's
     * own amount, on which the merchant's credit and the fee were then computed. Null until paid.
     */
    receivedAmountMinor: bigint('received_amount_minor', { mode: 'bigint' }),
    /**
     * Reserved by its refunds (withdrawals of kind refund) when each is created, given back when one
     * fails or is cancelled: never more than what arrived (the CHECK, under any concurrency).
     */
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status', { enum: PAYMENT_SESSION_STATUSES }).notNull(),
    method: text('method', { enum: WALLET_PROVIDERS }),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    /** The incoming transfer that paid it (one transfer pays at most one session). */
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    customer: jsonb('customer').$type<Record<string, string>>(),
    returnUrl: text('return_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    failureReason: text('failure_reason'),
    /** false: opened in test mode (a test twin's), paid only by the test provider, never routed to a phone. */
    livemode: boolean('livemode').notNull().default(true),
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
    // Operators' list of test mode's sessions (mode=test), newest first: few rows among many.
    index('payment_sessions_test_created_id_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`not ${t.livemode}`),
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
    // A test session is never on a phone's account (docs/test-mode.md): no transfer can pay it.
    check('payment_sessions_test_no_account_check', sql`${t.livemode} or ${t.walletAccountId} is null`),
    check(
      'payment_sessions_refunded_check',
      sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= coalesce(${t.receivedAmountMinor}, 0)`,
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
    resolution: text('resolution', { enum: DEPOSIT_RESOLUTIONS }),
    /** A manual credit's reference (resolution `credited`), the operator's, unique per merchant. */
    creditReference: text('credit_reference'),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The merchant whose session this transfer paid (matched, or matched by an operator): the
     * merchant's view of the list walks its own index instead of probing every transfer's session.
     */
    paidMerchantId: uuid('paid_merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    /** A resolution above the approval amount, proposed by one operator, waiting for another. */
    proposal: jsonb('proposal').$type<DepositProposal>(),
    proposedByUserId: uuid('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The review queues: open items of an outcome, in time order.
    index('deposit_matches_open_idx')
      .on(t.outcome, t.createdAt, t.walletTransactionId)
      .where(sql`${t.resolvedAt} is null and ${t.outcome} <> 'matched'`),
    index('deposit_matches_session_idx').on(t.paymentSessionId),
    uniqueIndex('deposit_matches_credit_reference_key')
      .on(t.paidMerchantId, t.creditReference)
      .where(sql`${t.creditReference} is not null`),
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
