import { PAYOUT_NAME_POLICIES } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /**
     * The secret a merchant rotated away from, still signing (beside the new one) until its expiry,
     * so receivers can move to the new one without dropping deliveries (docs/webhooks.md).
     */
    previousWebhookSecretEncrypted: text('previous_webhook_secret_encrypted'),
    previousWebhookSecretExpiresAt: timestamp('previous_webhook_secret_expires_at', { withTimezone: true }),
    /** When its deliveries started failing with none succeeding since (null: the last one got through). */
    webhookFailingSince: timestamp('webhook_failing_since', { withTimezone: true }),
    /** Set when they failed for WEBHOOK_DISABLE_AFTER_DAYS: events are kept, not sent, until the URL is set again. */
    webhooksDisabledAt: timestamp('webhooks_disabled_at', { withTimezone: true }),
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    paymentTimeLimitMinutes: integer('payment_time_limit_minutes').notNull(),
    /** Customers may open payments themselves from a link with the code (/request-transaction). */
    paymentLinksEnabled: boolean('payment_links_enabled').notNull().default(false),
    /** The merchant's owner requires API tokens that move money out to carry allowed networks. */
    apiTokenAllowlistRequired: boolean('api_token_allowlist_required').notNull().default(false),
    /** The merchant's owner requires a second factor of every team member. */
    teamSecondFactorRequired: boolean('team_second_factor_required').notNull().default(false),
    /** Money out a member other than an owner asks for above this waits for an owner; null: none does. */
    teamApprovalAboveMinor: bigint('team_approval_above_minor', { mode: 'bigint' }),
    /** A payout whose holder's name does not match: allow, hold (for an operator), refuse. */
    /**
     * Set on a merchant's test twin (test mode): its own tokens, sessions, balances and webhooks,
     * kept apart from the live merchant's (docs/test-mode.md); null on every live merchant.
     */
    liveMerchantId: uuid('live_merchant_id').references((): AnyPgColumn => merchants.id, { onDelete: 'restrict' }),
    payoutNamePolicy: text('payout_name_policy', { enum: PAYOUT_NAME_POLICIES }).notNull().default('hold'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_code_key').on(t.code),
    // A merchant has at most one test twin.
    // (Partial: the list's "live merchants only" walks the name index, not this one.)
    uniqueIndex('merchants_live_merchant_key').on(t.liveMerchantId).where(sql`${t.liveMerchantId} is not null`),
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
    check('merchants_payout_name_policy_check', sql`${t.payoutNamePolicy} in ('allow', 'hold', 'refuse')`),
  ],
);
