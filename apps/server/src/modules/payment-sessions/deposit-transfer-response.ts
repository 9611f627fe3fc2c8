import { DEPOSIT_TRANSFER_EXPORT_COLUMNS, type DepositTransfer, formatAmount } from '@gerbang/contract';
import { keysetCsv } from '../../http/csv-export';
import type { KeysetCursor } from '../../http/keyset-cursor';
import type { DepositTransferRecord } from './deposit-transfers.repository';

/** The contract's transfer, from a list row (times already ISO text, the amount minor units as text). */
export function toDepositTransfer(row: DepositTransferRecord): DepositTransfer {
  return {
    id: row.id,
    walletAccountId: row.walletAccountId,
    provider: row.provider,
    accountNumber: row.accountNumber,
    currency: row.currency,
    amount: formatAmount(BigInt(row.amountMinor), row.currency),
    counterpartyName: row.counterpartyName,
    counterpartyAccount: row.counterpartyAccount,
    providerTransactionId: row.providerTransactionId,
    occurredAt: row.occurredAt,
    outcome: row.outcome,
    paymentSessionId: row.paymentSessionId,
    referenceNumber: row.referenceNumber,
    merchantName: row.merchantName,
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    creditReference: row.creditReference,
    resolvedAt: row.resolvedAt,
    returnWithdrawal:
      row.returnWithdrawalId && row.returnStatus ? { id: row.returnWithdrawalId, status: row.returnStatus } : null,
    proposal:
      row.proposal && row.proposedAt
        ? { ...row.proposal, proposedByUserId: row.proposedByUserId, proposedAt: row.proposedAt }
        : null,
  };
}

/** What a Merchant user's list shows: the same, without the payer's account number. */
export const toMerchantDepositTransfer = (row: DepositTransferRecord): DepositTransfer => ({
  ...toDepositTransfer(row),
  counterpartyAccount: '',
});

/** Transfers as CSV lines in DEPOSIT_TRANSFER_EXPORT_COLUMNS' order, a page at a time (injection-safe fields). */
export function transfersCsv(
  readPage: (limit: number, after: KeysetCursor | undefined) => Promise<DepositTransferRecord[]>,
): AsyncGenerator<string> {
  return keysetCsv(DEPOSIT_TRANSFER_EXPORT_COLUMNS, readPage, (row) => {
    const transfer = toDepositTransfer(row);
    return DEPOSIT_TRANSFER_EXPORT_COLUMNS.map((column) => {
      const value = transfer[column];
      return value === null ? null : String(value);
    });
  });
}
