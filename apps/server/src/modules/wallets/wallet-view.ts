import {
  ACCOUNT_TYPE_OF_PROVIDER,
  CURRENCY_OF_PROVIDER,
  type Currency,
  FORCE_ACTIVE_SETTING_KEYS,
  formatAmount,
  type WalletAccount,
  type WalletCredentialField,
} from '@gerbang/contract';
import { healthOf, healthOfText } from './wallet-health';
import { readinessOf } from './wallet-readiness';
import type { WalletRecord } from './wallet-record';
import type { TodayTotals } from './wallet-view-facts.repository';
import type { AmountFields, WalletPageRow } from './wallets-page.repository';

/** An account as read for one (Dates, bigints) or as the list's page reads it (ISO text, minor units as text). */
type WalletSource = WalletRecord | WalletPageRow;

const iso = (time: Date | string | null) =>
  time === null ? null : typeof time === 'string' ? time : time.toISOString();
const minorOf = (minor: bigint | string | null) => (minor === null ? null : BigInt(minor));

/** Force-active as stored: under the provider's own spec key in the account's settings. */
export function isForceActive(record: Pick<WalletRecord, 'provider' | 'settings'>): boolean {
  return record.settings[FORCE_ACTIVE_SETTING_KEYS[record.provider]] === true;
}

export function forceActiveSettings(
  record: Pick<WalletRecord, 'provider' | 'settings'>,
  forceActive: boolean,
): Record<string, unknown> {
  return { ...record.settings, [FORCE_ACTIVE_SETTING_KEYS[record.provider]]: forceActive };
}

/** The record fields readiness reads (amounts as bigints or as text of minor units). */
export type ReadinessRecord = Pick<
  WalletRecord,
  | 'provider'
  | 'settings'
  | 'status'
  | 'loginStatus'
  | 'healthState'
  | 'deviceIsOnline'
  | 'deviceIsBusy'
  | 'deviceStatus'
  | 'dailyIncomingCount'
  | 'dailyOutgoingCount'
> & { [K in Exclude<AmountFields, 'balanceMinor'>]: bigint | string | null };

/** Readiness of a record, from the one place it is decided. */
export function readinessOfRecord(record: ReadinessRecord, today: TodayTotals) {
  return readinessOf({
    device: { isOnline: record.deviceIsOnline, isBusy: record.deviceIsBusy, status: record.deviceStatus },
    status: record.status,
    loginStatus: record.loginStatus,
    healthState: record.healthState,
    forceActive: isForceActive(record),
    limits: {
      dailyIncomingAmount: minorOf(record.dailyIncomingAmountMinor),
      dailyIncomingCount: record.dailyIncomingCount,
      dailyOutgoingAmount: minorOf(record.dailyOutgoingAmountMinor),
      dailyOutgoingCount: record.dailyOutgoingCount,
    },
    today,
  });
}

function proxyOf(record: WalletSource): WalletAccount['proxy'] {
  if (!record.proxyId || !record.proxyType || record.proxyHost === null || record.proxyPort === null) return null;
  return {
    id: record.proxyId,
    type: record.proxyType,
    host: record.proxyHost,
    port: record.proxyPort,
    label: record.proxyLabel ?? '',
    checkStatus: record.proxyCheckStatus ?? 'unchecked',
    lastCheckedAt: iso(record.proxyLastCheckedAt),
  };
}

const moneyOf = (minor: bigint | string | null, currency: Currency) =>
  minor === null ? null : formatAmount(BigInt(minor), currency);

/**
 * The contract's account, field by field: an allowlist, so the sealed credentials (never even
 * read into a record) and anything else internal cannot leave the server. Written flat (no
 * closures or spreads): the list's page builds fifty of them.
 */
export function toWalletAccount(
  record: WalletSource,
  extras: { today: TodayTotals; hasMovedMoney: boolean },
): WalletAccount {
  const currency = CURRENCY_OF_PROVIDER[record.provider];
  const today = extras.today;
  return {
    id: record.id,
    deviceId: record.deviceId,
    deviceName: record.deviceName,
    provider: record.provider,
    accountType: ACCOUNT_TYPE_OF_PROVIDER[record.provider],
    currency,
    label: record.label,
    accountNumber: record.accountNumber,
    holderName: record.holderName,
    notes: record.notes,
    status: record.status,
    disabledReason: record.disabledReason,
    autoDisabledCause: record.autoDisabledCause ?? null,
    disabledAt: iso(record.disabledAt),
    loginStatus: record.loginStatus,
    loginStatusChangedAt: iso(record.loginStatusChangedAt),
    balance: moneyOf(record.balanceMinor, currency),
    balanceReadAt: iso(record.balanceReadAt),
    limits: {
      dailyIncomingAmount: moneyOf(record.dailyIncomingAmountMinor, currency),
      dailyIncomingCount: record.dailyIncomingCount,
      dailyOutgoingAmount: moneyOf(record.dailyOutgoingAmountMinor, currency),
      dailyOutgoingCount: record.dailyOutgoingCount,
    },
    today: {
      incomingAmount: formatAmount(today.incomingAmount, currency),
      incomingCount: today.incomingCount,
      outgoingAmount: formatAmount(today.outgoingAmount, currency),
      outgoingCount: today.outgoingCount,
    },
    forceActive: isForceActive(record),
    proxy: proxyOf(record),
    credentialsSet: record.credentialFields as WalletCredentialField[],
    credentialsUpdatedAt: iso(record.credentialsUpdatedAt),
    health:
      typeof record.healthLatest === 'string'
        ? healthOfText(record.id, record.healthLatest)
        : healthOf(record.healthLatest),
    healthState: record.healthState,
    consecutiveFailures: record.consecutiveFailures,
    readiness: readinessOfRecord(record, today),
    hasMovedMoney: extras.hasMovedMoney,
    createdAt: iso(record.createdAt) as string,
    updatedAt: iso(record.updatedAt) as string,
  };
}
