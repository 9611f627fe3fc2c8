import type { AppContext } from '../../app-context';
import type { WithdrawalTransfers } from './withdrawal-transfers';
import type { Withdrawals } from './withdrawals';

/** Deadlines of transfers and inquiries, and the history requests for uncertain transfers. */
const SWEEP_MS = 5_000;
const QUEUE_MS = 1_000;
const HISTORY_REQUEST_MS = 60_000;

/**
 * The withdrawals' background work: a sending account's new outgoing transfers and history reads
 * settle its uncertain transfers (reconciliation), then whatever no withdrawal claims is queued as
 * a payout exception; sweeps end overdue transfers, inquiries and customer confirmations, confirmed
 * withdrawals go out as accounts free, and accounts owing an answer are asked for their history.
 */
export function registerWithdrawalsWork(ctx: AppContext, withdrawals: Withdrawals): void {
  const { transfers, inquiries, customers, exceptions } = withdrawals;
  // Reconciliation first: a transfer that settles an uncertain withdrawal is no exception.
  const reconcile = (accountId: string, read?: Parameters<WithdrawalTransfers['reconcile']>[1]) =>
    transfers
      .reconcile(accountId, read)
      .then(() => exceptions.run(accountId))
      .catch((error) => ctx.logger.error({ err: error, accountId }, 'withdrawal reconciliation failed'));
  ctx.events.on('wallet.outgoing_stored', ({ accountId }) => void reconcile(accountId));
  ctx.events.on(
    'wallet.history_read',
    (read) =>
      void reconcile(read.accountId, {
        accountId: read.accountId,
        finishedAt: new Date(read.finishedAt),
        reported: read.reported,
        oldestAt: read.oldestAt ? new Date(read.oldestAt) : null,
      }),
  );
  ctx.scheduler.every('withdrawals.sweep', SWEEP_MS, async () => {
    await transfers.sweepOverdue();
    await inquiries.failOverdue();
    await customers.sweep();
    await exceptions.run();
  });
  // Confirmed customer withdrawals waiting for a free account go out as soon as one is (and test
  // settlements a crash left unsent, on the test provider).
  ctx.scheduler.every('withdrawals.send-queued', QUEUE_MS, async () => {
    await customers.sendQueued();
    await withdrawals.testSettlements.sendUnsent();
  });
  ctx.scheduler.every('withdrawals.history-requests', HISTORY_REQUEST_MS, () => transfers.requestHistories());
}
