import type { PaymentSessionStep, StepActor } from '@gerbang/contract';
import type { Database } from '../../db/database';
import type { paymentSessionEvents } from '../../db/schema';
import { actorNames, CUSTOMER, detailId, SYSTEM } from '../audit/step-actors';
import type { PaymentSessionRecord } from './payment-session-record';

type EventRecord = typeof paymentSessionEvents.$inferSelect;

/**
 * A session's timeline with who took each step: its creation is the merchant's API token (or the
 * customer, on a payment link); choosing a method and 'I Have Transferred' are the customer's; a
 * match is the receiving account's phone (its report); an operator's match names the operator (the
 * approver, above the approval amount); deadlines are the server's.
 */
export async function sessionTimeline(
  db: Database,
  session: PaymentSessionRecord,
  events: EventRecord[],
): Promise<PaymentSessionStep[]> {
  const operatorOf = (event: EventRecord) =>
    detailId(event.details, 'approvedByUserId') ?? detailId(event.details, 'byUserId');
  const names = await actorNames(db, {
    users: events.flatMap((event) => operatorOf(event) ?? []),
    tokens: session.apiTokenId ? [session.apiTokenId] : [],
    devices: [],
    accounts: session.walletAccountId ? [session.walletAccountId] : [],
  });
  const actorOf = (event: EventRecord): StepActor => {
    switch (event.reason) {
      case 'created':
        return session.apiTokenId ? names.token(session.apiTokenId) : CUSTOMER;
      case 'method_selected':
      case 'customer_transferred':
        return CUSTOMER;
      case 'transfer_matched':
        return names.phoneOfAccount(session.walletAccountId);
      case 'operator_matched': {
        const userId = operatorOf(event);
        return userId ? names.user(userId) : { kind: 'operator', name: null };
      }
      default:
        return SYSTEM;
    }
  };
  return events.map((event) => ({
    at: event.createdAt.toISOString(),
    fromStatus: event.fromStatus as PaymentSessionStep['fromStatus'],
    toStatus: event.toStatus as PaymentSessionStep['toStatus'],
    reason: event.reason,
    actor: actorOf(event),
  }));
}
