import type { WithdrawalStatus } from '@gerbang/contract';
import type { withdrawalEvents, withdrawals } from '../../db/schema';

/** A withdrawal's row as the database keeps it: below its repository and its page reads alike. */
export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalEventRecord = typeof withdrawalEvents.$inferSelect;

export type ListWithdrawalsFilter = {
  merchantId?: string;
  status?: WithdrawalStatus;
  kind?: WithdrawalRecord['kind'];
};
