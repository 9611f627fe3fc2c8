import type { WithdrawStatusMessage, WithdrawView } from '@gerbang/contract';

/** What an embedded withdraw page posts to its parent on every status. */
export function withdrawStatusMessage(view: WithdrawView): WithdrawStatusMessage {
  return {
    source: 'gerbang',
    type: 'withdrawal.status',
    withdrawalId: view.id,
    referenceNumber: view.referenceNumber,
    status: view.status,
  };
}
