import {
  ACCOUNT_TYPE_OF_PROVIDER,
  CURRENCY_OF_PROVIDER,
  FORCE_ACTIVE_SETTING_KEYS,
  formatAmount,
  HEALTH_CHECK_STATUS,
  WALLET_COMMAND_CHECKS,
  type WalletAccount,
  type WalletCheckFailureReason,
  type WalletCredentialField,
  type WalletHealth,
} from '@gerbang/contract';
import { readinessOf } from './wallet-readiness';
import type { TodayTotals } from './wallet-view-facts.repository';
import type { WalletRecord } from './wallets.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

/** The record fields readiness reads. */
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
  | 'dailyIncomingAmountMinor'
  | 'dailyIncomingCount'
  | 'dailyOutgoingAmountMinor'
  | 'dailyOutgoingCount'
>;

/** Readiness of a record, from the one place it is decided. */
export function readinessOfRecord(record: ReadinessRecord, today: TodayTotals) {
  return readinessOf({
    device: { isOnline: record.deviceIsOnline, isBusy: record.deviceIsBusy, status: record.deviceStatus },
    status: record.status,
    loginStatus: record.loginStatus,
    healthState: record.healthState,
    forceActive: isForceActive(record),
    limits: {
      dailyIncomingAmount: record.dailyIncomingAmountMinor,
      dailyIncomingCount: record.dailyIncomingCount,
      dailyOutgoingAmount: record.dailyOutgoingAmountMinor,
      dailyOutgoingCount: record.dailyOutgoingCount,
    },
    today,
  });
}

/**
 * The contract's account, field by field: an allowlist, so the sealed credentials (never even
 * read into a record) and anything else internal cannot leave the server.
 */
export function toWalletAccount(
  record: WalletRecord,
  extras: { today: TodayTotals; hasMovedMoney: boolean },
): WalletAccount {
  const currency = CURRENCY_OF_PROVIDER[record.provider];
  const money = (minor: bigint | null) => (minor === null ? null : formatAmount(minor, currency));
  const health = Object.fromEntries(
    WALLET_COMMAND_CHECKS.map((type) => {
      const check = record.healthLatest[type];
      return [
        type,
        check
          ? {
              status: check.status,
              startedAt: check.startedAt,
              finishedAt: check.finishedAt,
              reason: check.reason as WalletCheckFailureReason | null,
            }
          : { status: HEALTH_CHECK_STATUS.Unknown, startedAt: null, finishedAt: null, reason: null },
      ];
    }),
  ) as WalletHealth;
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
    balance: money(record.balanceMinor),
    balanceReadAt: iso(record.balanceReadAt),
    limits: {
      dailyIncomingAmount: money(record.dailyIncomingAmountMinor),
      dailyIncomingCount: record.dailyIncomingCount,
      dailyOutgoingAmount: money(record.dailyOutgoingAmountMinor),
      dailyOutgoingCount: record.dailyOutgoingCount,
    },
    today: {
      incomingAmount: formatAmount(extras.today.incomingAmount, currency),
      incomingCount: extras.today.incomingCount,
      outgoingAmount: formatAmount(extras.today.outgoingAmount, currency),
      outgoingCount: extras.today.outgoingCount,
    },
    forceActive: isForceActive(record),
    proxy:
      record.proxyId && record.proxyType && record.proxyHost !== null && record.proxyPort !== null
        ? {
            id: record.proxyId,
            type: record.proxyType,
            host: record.proxyHost,
            port: record.proxyPort,
            label: record.proxyLabel ?? '',
            checkStatus: record.proxyCheckStatus ?? 'unchecked',
            lastCheckedAt: iso(record.proxyLastCheckedAt),
          }
        : null,
    credentialsSet: record.credentialFields as WalletCredentialField[],
    credentialsUpdatedAt: iso(record.credentialsUpdatedAt),
    health,
    healthState: record.healthState,
    consecutiveFailures: record.consecutiveFailures,
    readiness: readinessOfRecord(record, extras.today),
    hasMovedMoney: extras.hasMovedMoney,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
