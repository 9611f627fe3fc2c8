import { formatAmount, WITHDRAWAL_EXPORT_COLUMNS } from '@gerbang/contract';
import { keysetCsv } from '../../http/csv-export';
import type { ListWithdrawalsFilter } from './withdrawal-record';
import type { WithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawalPageRow } from './withdrawals-page.repository';

function fieldsOf(row: WithdrawalPageRow): Record<(typeof WITHDRAWAL_EXPORT_COLUMNS)[number], string | null> {
  return {
    createdAt: row.createdAt,
    id: row.id,
    kind: row.kind,
    merchantName: row.merchantName,
    referenceNumber: row.referenceNumber,
    status: row.status,
    currency: row.currency,
    amount: formatAmount(BigInt(row.amountMinor), row.currency),
    fee: formatAmount(BigInt(row.feeMinor), row.currency),
    provider: row.destProvider,
    accountNumber: row.destAccountNumber,
    holderName: row.destHolderName,
    verifiedHolderName: row.verifiedHolderName,
    nameScore: row.nameScore === null ? null : String(row.nameScore),
    sentFrom: row.accountNumber,
    transferReference: row.transferReference,
    failureReason: row.failureReason,
    paymentSessionId: row.paymentSessionId,
    completedAt: row.completedAt,
  };
}

/** The filtered withdrawals as CSV, newest first, streamed a page at a time along the list's keyset. */
export function withdrawalsCsv(repo: WithdrawalsRepository, filter: ListWithdrawalsFilter): AsyncGenerator<string> {
  return keysetCsv(
    WITHDRAWAL_EXPORT_COLUMNS,
    (limit, after) => repo.page(filter, limit, after),
    (row) => {
      const fields = fieldsOf(row);
      return WITHDRAWAL_EXPORT_COLUMNS.map((column) => fields[column]);
    },
  );
}
