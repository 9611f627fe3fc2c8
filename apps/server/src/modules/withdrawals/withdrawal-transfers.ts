import { randomUUID } from 'node:crypto';
import {
  type CommandResult,
  formatAmount,
  TRANSFER_DEADLINE_MS,
  transferResultDataSchema,
  WALLET_TRANSACTIONS_PER_REPORT_MAX,
  type WalletErrorCode,
} from '@gerbang/contract';
import { databaseNow, secondsFromNow } from '../../db/database-clock';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../http/app-error';
import { COMMAND_ACK_TIMEOUT_MS, dispatchCommand } from '../agents/command-dispatch';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { WalletRecord } from '../wallets/wallet-record';
import { releaseJournal, settleJournal } from './withdrawal-journals';
import type { Move } from './withdrawal-moves';
import type { WithdrawalRecord } from './withdrawal-record';
import type { WithdrawalTransfersDeps } from './withdrawal-transfers-deps';

/** Errors after which the phone cannot tell whether the money left: never a failure, never a retry. */
const OUTCOME_UNKNOWN: readonly (WalletErrorCode | undefined)[] = ['outcome_unknown', 'app_crashed'];

/** A history read the server can trust to show a transfer if it was made (see reconcile). */
export type HistoryRead = { accountId: string; finishedAt: Date; reported: number; oldestAt: Date | null };

/**
 * Sending a withdrawal's money through a phone, at most once. The transfer's command id is written
 * with the move to processing, before the command leaves; one account sends one transfer at a time
 * (a unique index). A definite answer settles or releases; no answer (deadline, phone gone, a crash
 * after sending) leaves it uncertain, holding the money, until the sending account's history or an
 * operator says what happened. Nothing here sends a withdrawal a second time.
 */
export function createWithdrawalTransfers(deps: WithdrawalTransfersDeps) {
  const { repo, move, logger } = deps;
  const inFlight = new Set<Promise<void>>();

  /**
   * No outcome: uncertain. What the server already recorded of the sending account (a transfer the
   * phone reported before it went silent) settles it at once; otherwise the account's history is
   * read.
   */
  async function goUncertain(row: WithdrawalRecord, reason: string, message?: string | null) {
    const moved = await move(row.id, {
      event: 'went_uncertain',
      reason,
      details: message ? { message } : undefined,
      set: { failureReason: reason },
    });
    if (!moved) return null;
    // Test mode's provider keeps no history: its outcome comes from a simulation (test-payouts.ts).
    if (!moved.livemode) return moved;
    if (await settleFromRecorded(moved)) return moved;
    if (moved.walletAccountId) await deps.readHistory([moved.walletAccountId]).catch(() => {});
    return moved;
  }

  /** Settles an uncertain withdrawal by the recorded outgoing transfer that paid it, if there is one. */
  async function settleFromRecorded(row: WithdrawalRecord): Promise<boolean> {
    const paying = await repo.findPayingTransfer(row);
    if (!paying) return false;
    const paid = await succeed(
      row,
      { walletTransactionId: paying.id, reference: paying.providerTransactionId },
      'found_in_history',
    );
    return paid !== null;
  }

  /**
   * An operator's "not paid" while the sending account's history holds the transfer that paid it
   * would release money that left: refused, naming the transfer.
   */
  async function refuseIfRecordedPaid(row: WithdrawalRecord): Promise<void> {
    const paying = await repo.findPayingTransfer(row);
    if (!paying) return;
    const amount = formatAmount(paying.amountMinor, paying.currency);
    throw new AppError(
      'CONTRADICTS_RECORD',
      `The sending account's history holds the transfer that paid this withdrawal: ${paying.providerTransactionId}, ` +
        `${paying.currency} ${amount} to ${paying.counterpartyAccount || 'its destination'} at ` +
        `${paying.occurredAt.toISOString()}. Reconcile it as paid with that reference.`,
      {
        fields: {
          'body.outcome': `${paying.providerTransactionId}, ${paying.currency} ${amount}, ${paying.occurredAt.toISOString()}`,
        },
      },
    );
  }

  /**
   * How a sent withdrawal ends, from what the phone, the history or an operator says: `by` names
   * the operator who decided it (their audit entry; their decisions start from uncertain only, as
   * the lifecycle says).
   */
  type Decider = { userId: string; audit: NonNullable<Move['audit']>; note?: string };
  const decidedBy = (by: Decider | undefined) =>
    by ? { actorUserId: by.userId, audit: by.audit, set: { lastChangedByUserId: by.userId } } : null;

  type FailEvent = 'transfer_failed' | 'not_in_history' | 'reconciled_not_paid';
  async function fail(
    row: WithdrawalRecord,
    how: { event: FailEvent; reason: string; message?: string | null; by?: Decider },
  ) {
    const operator = decidedBy(how.by);
    if (operator) await refuseIfRecordedPaid(row);
    return move(row.id, {
      event: how.event,
      reason: how.event === 'transfer_failed' ? how.reason : undefined,
      actorUserId: operator?.actorUserId,
      details: how.by ? { note: how.by.note } : how.message ? { message: how.message } : undefined,
      set: { failureReason: how.reason, completedAt: databaseNow(), ...operator?.set },
      journal: releaseJournal,
      audit: operator?.audit,
    });
  }

  type SuccessEvent = 'transfer_reported' | 'found_in_history' | 'reconciled_paid';
  async function succeed(
    row: WithdrawalRecord,
    paid: { walletTransactionId: string | null; reference: string },
    event: SuccessEvent,
    by?: Decider,
  ) {
    const operator = decidedBy(by);
    return move(row.id, {
      event,
      actorUserId: operator?.actorUserId,
      details: by ? { reference: paid.reference, note: by.note ?? '' } : { reference: paid.reference },
      set: {
        walletTransactionId: paid.walletTransactionId,
        transferReference: paid.reference,
        failureReason: null,
        completedAt: databaseNow(),
        ...operator?.set,
      },
      journal: (moved) =>
        settleJournal(moved, moved.livemode ? { walletAccountId: moved.walletAccountId as string } : 'test_provider'),
      audit: operator?.audit,
      // The transfer it claims is held, and leaves the payout exceptions if it was queued there.
      lockFirst: paid.walletTransactionId
        ? (tx) => repo.lockTransfer(tx, paid.walletTransactionId as string)
        : undefined,
      alsoInTx: paid.walletTransactionId
        ? (tx) => deps.withdrawException(tx, paid.walletTransactionId as string, row.id)
        : undefined,
    });
  }

  /** Settled by its result before its transfer was in the history: recorded and linked; a masked entry
   * queued as unclaimed meanwhile is withdrawn in the link's transaction, so the money leaves once. */
  async function recordReported(paid: WithdrawalRecord, reference: string): Promise<void> {
    const account = await deps.findAccount(paid.walletAccountId as string);
    const transactionId = account ? await deps.recordOutgoing(account, paid, reference) : null;
    if (!transactionId) return;
    await repo.linkTransaction(paid.id, transactionId, (tx) => deps.withdrawException(tx, transactionId, paid.id));
  }

  /**
   * The phone names the transfer it sent for `row`, and reconciliation had already given that
   * transfer to another uncertain withdrawal with the same amount and destination (an inference
   * from the history): the other takes the one that is really its own, so each transfer settles
   * one withdrawal. The ledger does not move (a settlement names the account, not the transfer).
   */
  async function freeFromInference(row: WithdrawalRecord, reference: string) {
    if (!row.walletAccountId) return;
    const known = await repo.transactionByProviderId(row.walletAccountId, reference);
    if (!known?.paidWithdrawalId || known.paidWithdrawalId === row.id) return;
    const other = await repo.findById(known.paidWithdrawalId);
    if (!other) return;
    const own = await repo.findPayingTransfer(other);
    if (own && (await repo.relinkTransaction(other.id, known.id, own.id))) return;
    // Its own is not in the history yet: it stays settled, waiting for it (payout exceptions give
    // the next transfer that pays it to it instead of queueing it).
    await repo.unlinkInferred(other.id, known.id);
    logger.warn(
      { withdrawalId: row.id, reference, inferredFor: other.id },
      'a phone named a transfer inferred for another withdrawal: that one waits for its own',
    );
  }

  /**
   * The phone says it sent a transfer whose withdrawal was already released (an operator's "not
   * paid", a history read, a deadline): the money left after all. It enters the sending account's
   * history, where no open withdrawal claims it, so it is queued as paid after release
   * (payout-exceptions.service.ts), never dropped.
   */
  async function recordLateSuccess(row: WithdrawalRecord, result: CommandResult) {
    if (!result.ok || !row.walletAccountId) return;
    const data = transferResultDataSchema.safeParse(result.data ?? {});
    const account = await deps.findAccount(row.walletAccountId);
    if (!account) return;
    const reference = data.success ? data.data.providerTransactionId : `LATE-${row.commandId}`;
    logger.warn({ withdrawalId: row.id, reference }, 'a transfer was reported sent after its withdrawal was released');
    await deps.recordOutgoing(account, row, reference);
  }

  async function dispatch(row: WithdrawalRecord, account: WalletRecord) {
    const outcome = await dispatchCommand(
      deps.link,
      account.deviceId,
      {
        id: row.commandId as string,
        type: 'transfer',
        deadlineAt: (row.transferDeadlineAt as Date).toISOString(),
        payload: {
          account: { id: account.id, provider: account.provider, accountNumber: account.accountNumber },
          transferId: row.id,
          amount: formatAmount(row.amountMinor, row.currency),
          destination: {
            provider: row.destProvider as never,
            accountNumber: row.destAccountNumber,
            holderName: row.verifiedHolderName ?? row.destHolderName,
          },
          note: row.referenceNumber,
        },
      },
      { ackTimeoutMs: COMMAND_ACK_TIMEOUT_MS, logger },
    );
    // No agent took it (none connected, or it refused): no money can have left.
    if (outcome.kind === 'failed') {
      await fail(row, { event: 'transfer_failed', reason: outcome.reason, message: outcome.message });
    }
  }

  /**
   * The move that sends it: an operator sends an approved settlement (test mode's provider
   * approves its own); a customer's confirmation, a confirmed withdrawal. `account` is the sending
   * account; none on test mode's provider.
   */
  function sendingMove(
    row: WithdrawalRecord,
    actor: { userId: string; ip: string } | undefined,
    account: WalletRecord | null,
  ): Move {
    const where = account ? { walletAccountId: account.id } : { testProvider: true };
    return {
      event: row.status === 'approved' ? 'transfer_started' : 'confirmed_sent',
      actorUserId: actor?.userId ?? null,
      details: where,
      set: {
        walletAccountId: account?.id ?? null,
        deviceId: account?.deviceId ?? null,
        commandId: randomUUID(),
        transferStartedAt: databaseNow(),
        transferDeadlineAt: secondsFromNow((deps.deadlineMs ?? TRANSFER_DEADLINE_MS) / 1000),
        ...(actor ? { lastChangedByUserId: actor.userId } : {}),
      },
      audit: actor
        ? { actorUserId: actor.userId, action: AUDIT_ACTIONS.withdrawalExecuted, ip: actor.ip, details: where }
        : undefined,
    };
  }

  async function notSendable(id: string): Promise<never> {
    const now = await repo.findById(id);
    throw new AppError('INVALID_STATE', `This withdrawal is ${now?.status ?? 'gone'}; it cannot be sent now`);
  }

  return {
    /**
     * approved → processing on an account that can send it now (the operator's pick, a return's
     * receiving account, or the readiest), then the command goes out. 409 when the account is not ready or busy.
     */
    async start(
      row: WithdrawalRecord,
      how: {
        /** The operator who sends it (audited); none when the customer's confirmation does. */
        actor?: { userId: string; ip: string };
        walletAccountId?: string;
      },
    ): Promise<WithdrawalRecord> {
      const { actor } = how;
      if (!row.livemode) {
        // Test mode: no phone and no account; the test provider's outcome is simulated (or the deadline passes).
        const moved = await move(row.id, sendingMove(row, actor, null));
        return moved ?? (await notSendable(row.id));
      }
      const walletAccountId = how.walletAccountId ?? (await deps.returnedFromAccountId(row)) ?? undefined;
      const need = { currency: row.currency, capability: 'send_transfer' as const, amountMinor: row.amountMinor };
      let accounts: WalletRecord[];
      if (walletAccountId) {
        const checked = await deps.senders.check(walletAccountId, need);
        if (!('ok' in checked)) {
          throw new AppError('NO_ACCOUNT_AVAILABLE', `This account cannot send it now: ${checked.reason}`, {
            fields: { 'body.walletAccountId': checked.reason },
          });
        }
        accounts = [checked.record];
      } else {
        accounts = await deps.senders.candidates(need);
      }
      for (const account of accounts) {
        let moved: WithdrawalRecord | null;
        try {
          moved = await move(row.id, sendingMove(row, actor, account));
        } catch (error) {
          // Another transfer is running on this account: it is busy, try the next one.
          if (isUniqueViolation(error, 'withdrawals_account_sending_key')) continue;
          throw error;
        }
        if (!moved) return notSendable(row.id);
        const job = dispatch(moved, account)
          .catch((error) => logger.error({ err: error, withdrawalId: row.id }, 'transfer dispatch failed'))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
        return moved;
      }
      throw new AppError(
        'NO_ACCOUNT_AVAILABLE',
        walletAccountId
          ? 'This account is sending another transfer; wait for it or choose another account'
          : `No ${row.currency} account can send this amount now (ready, under its daily limits, with the balance)`,
      );
    },

    /** A phone's outcome for one of its transfers; false when it is not one. */
    async complete(deviceId: string, result: CommandResult): Promise<boolean> {
      const row = await repo.findByCommand(result.commandId, deviceId);
      if (!row) return false;
      if (row.status === 'failed') {
        await recordLateSuccess(row, result);
        return true;
      }
      if (row.status !== 'processing' && row.status !== 'uncertain') return false;
      if (!result.ok) {
        if (OUTCOME_UNKNOWN.includes(result.errorCode)) {
          if (row.status === 'processing') await goUncertain(row, result.errorCode ?? 'outcome_unknown', result.error);
          return true;
        }
        await fail(row, { event: 'transfer_failed', reason: result.errorCode ?? 'failed', message: result.error });
        return true;
      }
      const data = transferResultDataSchema.safeParse(result.data ?? {});
      if (!data.success) {
        // It says it sent, without the provider's id: money left, but nothing proves where.
        if (row.status === 'processing') {
          await goUncertain(row, 'outcome_unknown', 'The phone reported a transfer without data.providerTransactionId');
        }
        return true;
      }
      // Settled first, under the provider's id, then recorded in the account's history and linked:
      // reconciliation never takes a reported transfer for another withdrawal's.
      const reference = data.data.providerTransactionId;
      await freeFromInference(row, reference);
      // Already in the history (the phone's stream showed it first): claimed by id, at once.
      const known = row.walletAccountId ? await repo.transactionByProviderId(row.walletAccountId, reference) : null;
      const walletTransactionId = known && !known.paidWithdrawalId && known.direction === 'out' ? known.id : null;
      const paid = await succeed(row, { walletTransactionId, reference }, 'transfer_reported');
      if (paid && !paid.walletTransactionId) await recordReported(paid, reference);
      return true;
    },

    /** Transfers past their deadline: the server does not know, so uncertain. */
    async sweepOverdue(batch = 100) {
      for (const row of await repo.overdueTransfers(batch)) await goUncertain(row, 'timeout');
    },

    /** The phone went away mid-transfer: uncertain (it may have sent before it went). */
    async deviceGone(deviceId: string) {
      for (const row of await repo.processingOfDevice(deviceId)) await goUncertain(row, 'disconnected');
    },

    /**
     * Reads the sending account's history for its uncertain transfers: a matching outgoing transfer
     * settles one; a history read made after the deadline and the provider's listing lag, reaching
     * back past the transfer's start, that does not show it releases it. Anything less conclusive leaves it uncertain.
     */
    async reconcile(accountId: string, read?: HistoryRead) {
      for (const row of await repo.uncertainOfAccount(accountId)) {
        if (await settleFromRecorded(row)) continue;
        if (!read || !row.transferStartedAt || !row.transferDeadlineAt) continue;
        const readAfterDeadline = read.finishedAt.getTime() > row.transferDeadlineAt.getTime() + deps.historyLagMs;
        const reachesBack =
          read.reported < WALLET_TRANSACTIONS_PER_REPORT_MAX ||
          (read.oldestAt !== null && read.oldestAt.getTime() <= row.transferStartedAt.getTime());
        if (readAfterDeadline && reachesBack) await fail(row, { event: 'not_in_history', reason: 'not_in_history' });
      }
    },

    /** Accounts owing an answer are asked for their history (skipped while their phone is away). */
    async requestHistories() {
      const ids = await repo.accountsWithUncertain();
      if (ids.length > 0) await deps.readHistory(ids);
    },

    fail,
    succeed,
    goUncertain,
    recordReported,

    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type WithdrawalTransfers = ReturnType<typeof createWithdrawalTransfers>;
