import { CLAIM_PROOF_TYPES, PAYMENT_CLAIM_STATUSES } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';
import { paymentSessions } from './payment-sessions';
import { users } from './users';
import { walletTransactions } from './wallets';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Customers' claims that they paid (contract payments/payment-claim.ts): what they remember, an
 * optional proof image (its bytes, type checked from them), and how the claim ended.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentSessionId: uuid('payment_session_id')
      .notNull()
      .references(() => paymentSessions.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PAYMENT_CLAIM_STATUSES }).notNull().default('open'),
    senderName: text('sender_name').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    proof: bytea('proof'),
    proofType: text('proof_type', { enum: CLAIM_PROOF_TYPES }),
    /** Where it was filed from: claims are limited per address. */
    ip: text('ip').notNull(),
    message: text('message'),
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id, {
      onDelete: 'restrict',
    }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open claim per session: two at once are one (the second is refused).
    uniqueIndex('payment_claims_one_open_idx').on(t.paymentSessionId).where(sql`${t.status} = 'open'`),
    index('payment_claims_session_idx').on(t.paymentSessionId, t.createdAt.desc()),
    index('payment_claims_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payment_claims_ip_idx').on(t.ip, t.createdAt.desc()),
  ],
);
