import type { StepActor, WithdrawalEvent } from '@gerbang/contract';
import type { Database } from '../../db/database';
import { actorNames, CUSTOMER, detailId, SYSTEM } from '../audit/step-actors';
import type { WithdrawalEventRecord, WithdrawalRecord } from './withdrawal-record';

/** Steps the customer took on the withdraw page. */
const BY_CUSTOMER = new Set(['destination_given', 'customer_confirmed', 'cancelled_by_customer']);
/** A phone's answer to the account-name inquiry (the account it used is in the step's details). */
const BY_INQUIRY = new Set(['verified', 'account_not_found', 'name_held', 'name_refused', 'refund_verified']);
/** The server's own: deadlines, the send queue, a phone that never answered. */
const BY_SERVER = new Set([
  'link_expired',
  'confirmation_timeout',
  'no_account_available',
  'refund_not_verified',
  'confirmed_sent',
  'timeout',
  'disconnected',
  'offline',
  'not_in_history',
]);

/**
 * A withdrawal's timeline with who took each step: the user who acted (an operator, or one of the
 * merchant's users), the merchant's API token (its creation, its cancellation), the customer, the
 * phone that answered an inquiry or reported the transfer, or the server.
 */
export async function withdrawalTimeline(
  db: Database,
  row: WithdrawalRecord,
  events: WithdrawalEventRecord[],
): Promise<WithdrawalEvent[]> {
  const names = await actorNames(db, {
    users: events.flatMap((event) => event.actorUserId ?? []),
    tokens: row.apiTokenId ? [row.apiTokenId] : [],
    devices: row.deviceId ? [row.deviceId] : [],
    accounts: events.flatMap((event) => detailId(event.details ?? null, 'walletAccountId') ?? []),
  });
  const actorOf = (event: WithdrawalEventRecord): StepActor => {
    if (event.actorUserId) return names.user(event.actorUserId);
    if (event.reason === 'created' || event.reason === 'cancelled_by_merchant') {
      return row.apiTokenId ? names.token(row.apiTokenId) : SYSTEM;
    }
    if (BY_CUSTOMER.has(event.reason)) return CUSTOMER;
    // Test mode's provider (its inquiries, its sending, its outcomes) is the server's own: no phone.
    if (!row.livemode) return SYSTEM;
    if (BY_INQUIRY.has(event.reason)) {
      return names.phoneOfAccount(detailId(event.details ?? null, 'walletAccountId'));
    }
    if (BY_SERVER.has(event.reason) || row.deviceId === null) return SYSTEM;
    // The transfer's outcome (success, a failure's error code, outcome unknown): the sending phone's.
    return names.phone(row.deviceId);
  };
  return events.map((event) => ({
    fromStatus: event.fromStatus as WithdrawalEvent['fromStatus'],
    toStatus: event.toStatus as WithdrawalEvent['toStatus'],
    reason: event.reason,
    actorUserId: event.actorUserId,
    actor: actorOf(event),
    details: event.details ?? null,
    createdAt: event.createdAt.toISOString(),
  }));
}
