import type { DepositStatusMessage, DepositView } from '@gerbang/contract';

/** What an embedded deposit page posts to its parent on every status. */
export function depositStatusMessage(view: DepositView): DepositStatusMessage {
  return {
    source: 'gerbang',
    type: 'payment_session.status',
    sessionId: view.id,
    referenceNumber: view.referenceNumber,
    status: view.status,
  };
}
