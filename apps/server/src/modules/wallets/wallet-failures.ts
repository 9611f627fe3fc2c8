import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { WalletEvents } from './wallet-events';
import type { WalletsRepository } from './wallets.repository';

/**
 * Failures that say nothing about the account itself do not count towards auto-disable: the phone
 * went away (the device's presence shows that), the operator typed a wrong or late OTP, or
 * cancelled.
 */
const NOT_THE_ACCOUNTS_FAULT = new Set(['disconnected', 'offline', 'wrong_otp', 'otp_expired', 'cancelled']);

export type Outcome = { ok: true } | { ok: false; source: 'check' | 'login'; type: string; reason: string };

/** Counts failed checks and commands in a row per account; at the setting's count, auto-disables it. */
export function createWalletFailures(deps: {
  repo: WalletsRepository;
  audit: AuditRepository;
  events: WalletEvents;
  limit: number;
  logger: FastifyBaseLogger;
}) {
  return {
    async record(accountId: string, outcome: Outcome): Promise<void> {
      if (!outcome.ok && NOT_THE_ACCOUNTS_FAULT.has(outcome.reason)) return;
      const cause = outcome.ok ? { source: 'check' as const, type: '', reason: '' } : outcome;
      const { autoDisabled, failures } = await deps.repo.recordOutcome(accountId, outcome.ok, deps.limit, {
        source: cause.source,
        type: cause.type,
        reason: cause.reason,
      });
      if (!autoDisabled) return;
      deps.logger.warn({ accountId, failures, cause }, 'wallet account auto-disabled');
      await deps.audit.insert({
        actorUserId: null,
        action: AUDIT_ACTIONS.walletAutoDisabled,
        targetType: 'wallet_account',
        targetId: accountId,
        details: { failures, limit: deps.limit, cause },
      });
      deps.events.changed([accountId]);
    },
  };
}
export type WalletFailures = ReturnType<typeof createWalletFailures>;
