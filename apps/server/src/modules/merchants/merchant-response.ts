import { basisPointsToPercent, formatAmount, type Merchant, type WalletProvider } from '@gerbang/contract';
import type { MerchantPageRow, MerchantRecord } from './merchants.repository';

const isoOf = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

/**
 * The contract's merchant, field by field, from a record (Dates, bigints, the sealed secret) or a
 * list's row (ISO text, minor units as text, whether a secret is set): the sealed webhook secret
 * never leaves the server.
 */
export function toMerchantResponse(row: MerchantRecord | MerchantPageRow): Merchant {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    currency: row.currency,
    status: row.status,
    depositFeePercent: basisPointsToPercent(row.depositFeeBasisPoints),
    depositFeeFixed: formatAmount(BigInt(row.depositFeeFixedMinor), row.currency),
    withdrawalFeePercent: basisPointsToPercent(row.withdrawalFeeBasisPoints),
    withdrawalFeeFixed: formatAmount(BigInt(row.withdrawalFeeFixedMinor), row.currency),
    minAmount: formatAmount(BigInt(row.minAmountMinor), row.currency),
    maxAmount: formatAmount(BigInt(row.maxAmountMinor), row.currency),
    allowedMethods: row.allowedMethods as WalletProvider[],
    callbackUrl: row.callbackUrl,
    hasWebhookSecret: 'hasWebhookSecret' in row ? row.hasWebhookSecret : row.webhookSecretEncrypted !== '',
    embedOrigins: row.embedOrigins,
    paymentTimeLimitMinutes: row.paymentTimeLimitMinutes,
    paymentLinksEnabled: row.paymentLinksEnabled,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}
