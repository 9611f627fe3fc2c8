import {
  HEALTH_CHECK_STATUS,
  WALLET_COMMAND_CHECKS,
  type WalletCheckFailureReason,
  type WalletHealth,
} from '@gerbang/contract';
import type { WalletRecord } from './wallet-record';

/** Shared by every answer with a check never run, so frozen: no answer can change another's. */
const UNKNOWN_CHECK = Object.freeze({
  status: HEALTH_CHECK_STATUS.Unknown,
  startedAt: null,
  finishedAt: null,
  reason: null,
});

/** An account's health from its latest checks; frozen, as `healthOfText` hands one to many answers. */
export function healthOf(latest: WalletRecord['healthLatest']): WalletHealth {
  const health: Record<string, WalletHealth[keyof WalletHealth]> = {};
  for (const type of WALLET_COMMAND_CHECKS) {
    const check = latest[type];
    health[type] = check
      ? Object.freeze({
          status: check.status,
          startedAt: check.startedAt,
          finishedAt: check.finishedAt,
          reason: check.reason as WalletCheckFailureReason | null,
        })
      : UNKNOWN_CHECK;
  }
  return Object.freeze(health) as WalletHealth;
}

/** Accounts remembered; past this many the memory starts again (a fleet has a few thousand). */
const REMEMBERED_ACCOUNTS = 10_000;

const remembered = new Map<string, { text: string; health: WalletHealth }>();

/**
 * An account's health from its latest checks as the list's page reads them, as JSON text: parsed
 * once per account and text, then the same frozen answer for as long as that text is unchanged. A
 * dashboard re-reads the same accounts every few seconds while each check changes them every few
 * minutes, and parsing that JSON was most of the page's row reading (83 µs of the 50-row page's
 * 127 µs, in `npm run bench`'s data). Keyed by the whole text, so a changed check is always read
 * afresh.
 */
export function healthOfText(accountId: string, text: string): WalletHealth {
  const known = remembered.get(accountId);
  if (known !== undefined && known.text === text) return known.health;
  const health = healthOf(JSON.parse(text));
  if (known === undefined && remembered.size >= REMEMBERED_ACCOUNTS) remembered.clear();
  remembered.set(accountId, { text, health });
  return health;
}
