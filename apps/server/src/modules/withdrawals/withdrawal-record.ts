import type { WithdrawalEventName, WithdrawalStatus } from '@gerbang/contract';
import type { SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { withdrawalEvents, withdrawals } from '../../db/schema';

/** A withdrawal's row as the database keeps it: below its repository and its page reads alike. */
export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalEventRecord = typeof withdrawalEvents.$inferSelect;

export type ListWithdrawalsFilter = {
  merchantId?: string;
  status?: WithdrawalStatus;
  kind?: WithdrawalRecord['kind'];
  /** Live or test mode's only (operators' lists); a merchant's are its own or its test twin's by merchantId. */
  livemode?: boolean;
};

/** A move of a withdrawal: an event of WITHDRAWAL_LIFECYCLE and what it records. */
export type WithdrawalChange = {
  event: WithdrawalEventName;
  /** Why, when it says more than the event (a phone's error code); defaults to the event's name. */
  reason?: string;
  actorUserId?: string | null;
  details?: Record<string, unknown>;
  set?: PgUpdateSetSource<typeof withdrawals>;
  /** More the row must meet, in the database's clock (a deadline against now()). */
  where?: SQL;
};

/**
 * A refund to the account its payment came from, or a return to a sender: no customer confirms it,
 * it is sent once verified (refund_verified, refund_name_approved, refund_not_verified).
 */
export const sentOnceVerified = (row: WithdrawalRecord): boolean =>
  (row.kind === 'refund' && !row.destinationByCustomer) || row.kind === 'return';
