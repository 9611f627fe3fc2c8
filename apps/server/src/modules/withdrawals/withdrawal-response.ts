import { formatAmount, type OperatorWithdrawal, type Withdrawal, type WithdrawalEvent } from '@gerbang/contract';
import type { WithdrawalEventRecord, WithdrawalRecord } from './withdrawals.repository';

/** The withdrawal as merchants (API, console, webhooks) read it. */
export function toWithdrawal(row: WithdrawalRecord): Withdrawal {
  return {
    id: row.id,
    kind: row.kind,
    merchantId: row.merchantId,
    referenceNumber: row.referenceNumber,
    currency: row.currency,
    amount: formatAmount(row.amountMinor, row.currency),
    fee: formatAmount(row.feeMinor, row.currency),
    status: row.status,
    destination: {
      provider: row.destProvider as Withdrawal['destination']['provider'],
      accountNumber: row.destAccountNumber,
      holderName: row.destHolderName,
      verifiedHolderName: row.verifiedHolderName,
    },
    payoutMethodId: row.payoutMethodId,
    note: row.note,
    failureReason: row.failureReason,
    transferReference: row.transferReference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

type SendingAccount = {
  id: string | null;
  provider: string | null;
  accountNumber: string | null;
  name: string | null;
} | null;

export function toOperatorWithdrawal(
  row: WithdrawalRecord,
  merchantName: string,
  account: SendingAccount,
): OperatorWithdrawal {
  return {
    ...toWithdrawal(row),
    merchantName,
    sendingAccount:
      account?.id && account.provider
        ? {
            id: account.id,
            provider: account.provider as 'dana' | 'livin' | 'maya',
            accountNumber: account.accountNumber ?? '',
            name: account.name ?? '',
          }
        : null,
    createdByUserId: row.createdByUserId,
    lastChangedByUserId: row.lastChangedByUserId,
    approvedByUserId: row.approvedByUserId,
  };
}

export function toWithdrawalEvent(row: WithdrawalEventRecord): WithdrawalEvent {
  return {
    fromStatus: row.fromStatus as WithdrawalEvent['fromStatus'],
    toStatus: row.toStatus as WithdrawalEvent['toStatus'],
    reason: row.reason,
    actorUserId: row.actorUserId,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
