import { and, eq, gt, isNotNull, isNull, lt, ne, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  depositMatches,
  devices,
  merchants,
  paymentClaims,
  payoutExceptions,
  walletAccounts,
  webhookEvents,
  withdrawals,
} from '../../db/schema';
import { isOnlineSql } from '../devices/devices.repository';

/** Something an alert is about, while its condition holds. */
export type AlertSubject = {
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  details: Record<string, unknown>;
};

const minutesAgo = (minutes: number) => sql`now() - ${`${minutes} minutes`}::interval`;

/** The reads behind each alert rule: what holds now. */
export function createAlertConditionsRepository(db: Database) {
  return {
    /** Enabled phones seen once, offline, and last seen more than `minutes` ago. */
    async devicesOffline(minutes: number): Promise<AlertSubject[]> {
      const rows = await db
        .select({ id: devices.id, name: devices.name, lastSeenAt: devices.lastSeenAt })
        .from(devices)
        .where(
          and(
            eq(devices.status, 'active'),
            isNotNull(devices.lastSeenAt),
            not(isOnlineSql),
            lt(devices.lastSeenAt, minutesAgo(minutes)),
          ),
        );
      return rows.map((r) => ({
        subjectType: 'device',
        subjectId: r.id,
        subjectLabel: r.name,
        details: { lastSeenAt: r.lastSeenAt?.toISOString() ?? null },
      }));
    },

    async walletsAutoDisabled(): Promise<AlertSubject[]> {
      const rows = await db
        .select({
          id: walletAccounts.id,
          provider: walletAccounts.provider,
          accountNumber: walletAccounts.accountNumber,
          cause: walletAccounts.autoDisabledCause,
        })
        .from(walletAccounts)
        .where(eq(walletAccounts.status, 'auto_disabled'));
      return rows.map((r) => ({
        subjectType: 'wallet_account',
        subjectId: r.id,
        subjectLabel: `${r.provider} ${r.accountNumber}`,
        details: { provider: r.provider, reason: r.cause?.reason ?? null, type: r.cause?.type ?? null },
      }));
    },

    async withdrawalsUncertain(): Promise<AlertSubject[]> {
      const rows = await db
        .select({
          id: withdrawals.id,
          reference: withdrawals.referenceNumber,
          currency: withdrawals.currency,
          amountMinor: withdrawals.amountMinor,
          merchantName: merchants.name,
        })
        .from(withdrawals)
        // A return to a sender has no merchant: it is alerted on all the same.
        .leftJoin(merchants, eq(merchants.id, withdrawals.merchantId))
        // Test mode's uncertain transfers are the merchant's to simulate: no operator is paged.
        .where(and(eq(withdrawals.status, 'uncertain'), withdrawals.livemode));
      return rows.map((r) => ({
        subjectType: 'withdrawal',
        subjectId: r.id,
        subjectLabel: r.reference,
        details: {
          merchant: r.merchantName ?? 'none (a return to its sender)',
          currency: r.currency,
          amountMinor: String(r.amountMinor),
        },
      }));
    },

    /** Active accounts with a reported balance (the floors are compared by the caller, per currency). */
    async sendingBalances() {
      return db
        .select({
          id: walletAccounts.id,
          provider: walletAccounts.provider,
          accountNumber: walletAccounts.accountNumber,
          balanceMinor: walletAccounts.balanceMinor,
        })
        .from(walletAccounts)
        .where(and(eq(walletAccounts.status, 'active'), isNotNull(walletAccounts.balanceMinor)));
    },

    /** Merchants whose oldest undelivered, already failed webhook event to their callback URL is older than `minutes`. */
    async webhooksFailing(minutes: number): Promise<AlertSubject[]> {
      const rows = await db
        .select({
          merchantId: webhookEvents.merchantId,
          name: merchants.name,
          since: sql<string>`min(${webhookEvents.createdAt})::text`,
          pending: sql<number>`count(*)::int`,
        })
        .from(webhookEvents)
        .innerJoin(merchants, eq(merchants.id, webhookEvents.merchantId))
        // The main endpoint's (the callback URL): a merchant's further endpoint, its ERP or staging
        // server, is the merchant's to watch (its Webhooks page says it fails, its owners are mailed).
        .where(
          and(
            eq(webhookEvents.status, 'pending'),
            gt(webhookEvents.attempts, 0),
            isNull(webhookEvents.endpointId),
            // Test mode's endpoints are the merchant's own development servers: never an operator's page.
            isNull(merchants.liveMerchantId),
          ),
        )
        .groupBy(webhookEvents.merchantId, merchants.name)
        .having(lt(sql`min(${webhookEvents.createdAt})`, minutesAgo(minutes)));
      return rows.map((r) => ({
        subjectType: 'merchant',
        subjectId: r.merchantId,
        subjectLabel: r.name,
        details: { failingSince: new Date(r.since).toISOString(), pendingEvents: r.pending },
      }));
    },

    /** The review queues (transfers, payout exceptions, customers' claims), when their oldest open item has waited more than `minutes`. */
    async queuesWaiting(minutes: number): Promise<AlertSubject[]> {
      const [deposits] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${depositMatches.createdAt})::text`,
        })
        .from(depositMatches)
        .where(and(isNull(depositMatches.resolvedAt), ne(depositMatches.outcome, 'matched')));
      const [payouts] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${payoutExceptions.createdAt})::text`,
        })
        .from(payoutExceptions)
        .where(isNull(payoutExceptions.resolvedAt));
      const [claims] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${paymentClaims.createdAt})::text`,
        })
        .from(paymentClaims)
        .where(eq(paymentClaims.status, 'open'));
      const cutoff = Date.now() - minutes * 60_000;
      const queues = [
        { id: 'deposit_transfers', row: deposits },
        { id: 'payout_exceptions', row: payouts },
        { id: 'payment_claims', row: claims },
      ];
      return queues
        .filter(({ row }) => row?.oldest && new Date(row.oldest).getTime() < cutoff)
        .map(({ id, row }) => ({
          subjectType: 'queue',
          subjectId: id,
          subjectLabel: id,
          details: { waiting: row?.count ?? 0, oldestAt: new Date(row?.oldest as string).toISOString() },
        }));
    },

    /** The payment methods some active merchant offers. */
    async offeredMethods(): Promise<string[]> {
      const rows = await db
        .select({ method: sql<string>`distinct unnest(${merchants.allowedMethods})` })
        .from(merchants)
        .where(eq(merchants.status, 'active'));
      return rows.map((r) => r.method);
    },
  };
}
export type AlertConditionsRepository = ReturnType<typeof createAlertConditionsRepository>;
