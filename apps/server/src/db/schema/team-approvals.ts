import { TEAM_APPROVAL_KINDS, TEAM_APPROVAL_STATUSES } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';
import { paymentSessions } from './payment-sessions';
import { users } from './users';
import { payoutMethods, withdrawals } from './withdrawals';

/**
 * Money out a team member asked for above the owner's approval amount (contract
 * merchant-team/team-approvals.ts): what was asked, by whom, and the owner's decision; approving
 * makes the withdrawal, named here.
 */
export const teamApprovals = pgTable(
  'team_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: TEAM_APPROVAL_KINDS }).notNull(),
    status: text('status', { enum: TEAM_APPROVAL_STATUSES }).notNull().default('pending'),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payoutMethodId: uuid('payout_method_id').references(() => payoutMethods.id, { onDelete: 'restrict' }),
    paymentSessionId: uuid('payment_session_id').references(() => paymentSessions.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    /** The member's own key for the request (a settlement's requestId, a refund's Idempotency-Key): asked twice, kept once. */
    requestKey: text('request_key'),
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Where the owner decided from: the audit entry of a making the sweep finishes names it. */
    decidedIp: inet('decided_ip'),
    reason: text('reason'),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_approvals_merchant_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    uniqueIndex('team_approvals_request_key').on(t.merchantId, t.requestKey).where(sql`${t.requestKey} is not null`),
    check('team_approvals_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'team_approvals_subject_check',
      sql`(${t.kind} = 'settlement') = (${t.payoutMethodId} is not null) and (${t.kind} = 'refund') = (${t.paymentSessionId} is not null)`,
    ),
  ],
);
