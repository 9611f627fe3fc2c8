import { basisPointsToPercent, formatAmount, type Merchant, type WalletProvider } from '@gerbang/contract';
import type { MerchantRecord } from './merchants.repository';

/**
 * The contract's merchant, field by field, from a record (Dates, bigints, the sealed secret): the
 * sealed webhook secret never leaves the server. The list selects the same fields in SQL
 * (merchants.repository's pageColumns); a test checks each listed merchant equals its answer.
 */
export function toMerchantResponse(row: MerchantRecord): Merchant {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    currency: row.currency,
    status: row.status,
    depositFeePercent: basisPointsToPercent(row.depositFeeBasisPoints),
    depositFeeFixed: formatAmount(row.depositFeeFixedMinor, row.currency),
    withdrawalFeePercent: basisPointsToPercent(row.withdrawalFeeBasisPoints),
    withdrawalFeeFixed: formatAmount(row.withdrawalFeeFixedMinor, row.currency),
    minAmount: formatAmount(row.minAmountMinor, row.currency),
    maxAmount: formatAmount(row.maxAmountMinor, row.currency),
    allowedMethods: row.allowedMethods as WalletProvider[],
    callbackUrl: row.callbackUrl,
    hasWebhookSecret: row.webhookSecretEncrypted !== '',
    embedOrigins: row.embedOrigins,
    paymentTimeLimitMinutes: row.paymentTimeLimitMinutes,
    paymentLinksEnabled: row.paymentLinksEnabled,
    payoutNamePolicy: row.payoutNamePolicy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
