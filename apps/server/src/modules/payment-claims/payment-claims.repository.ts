import {
  type ClaimProofType,
  type Currency,
  type CustomerClaim,
  formatAmount,
  type PaymentClaim,
  type PaymentClaimStatus,
} from '@gerbang/contract';
import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText } from '../../db/iso-text';
import { merchants, paymentClaims, paymentSessions } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

const viewColumns = {
  id: paymentClaims.id,
  status: paymentClaims.status,
  senderName: paymentClaims.senderName,
  sentAt: paymentClaims.sentAt,
  amountMinor: paymentClaims.amountMinor,
  currency: paymentClaims.currency,
  hasProof: sql<boolean>`${paymentClaims.proofType} is not null`,
  message: paymentClaims.message,
  createdAt: paymentClaims.createdAt,
  resolvedAt: paymentClaims.resolvedAt,
  paymentSessionId: paymentClaims.paymentSessionId,
  referenceNumber: paymentSessions.referenceNumber,
  merchantId: paymentClaims.merchantId,
  merchantName: merchants.name,
  finalAmountMinor: paymentSessions.finalAmountMinor,
  sessionStatus: paymentSessions.status,
  walletTransactionId: paymentClaims.walletTransactionId,
  cursorAt: cursorText(paymentClaims.createdAt),
};
type ClaimRow = {
  id: string;
  status: PaymentClaimStatus;
  senderName: string;
  sentAt: Date;
  amountMinor: bigint;
  currency: Currency;
  hasProof: boolean;
  message: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  paymentSessionId: string;
  referenceNumber: string;
  merchantId: string;
  merchantName: string;
  finalAmountMinor: bigint;
  sessionStatus: string;
  walletTransactionId: string | null;
  cursorAt: string;
};

export function toCustomerClaim(row: ClaimRow): CustomerClaim {
  return {
    id: row.id,
    status: row.status,
    senderName: row.senderName,
    sentAt: row.sentAt.toISOString(),
    amount: formatAmount(row.amountMinor, row.currency),
    hasProof: row.hasProof,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function toPaymentClaim(row: ClaimRow): PaymentClaim {
  return {
    ...toCustomerClaim(row),
    paymentSessionId: row.paymentSessionId,
    referenceNumber: row.referenceNumber,
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    currency: row.currency,
    finalAmount: formatAmount(row.finalAmountMinor, row.currency),
    sessionStatus: row.sessionStatus,
    walletTransactionId: row.walletTransactionId,
  };
}

export type NewClaim = {
  paymentSessionId: string;
  merchantId: string;
  senderName: string;
  sentAt: Date;
  currency: Currency;
  amountMinor: bigint;
  proof: Buffer | null;
  proofType: ClaimProofType | null;
  ip: string;
};

export function createPaymentClaimsRepository(db: Database) {
  const select = (tx: Database, where: SQL | undefined) =>
    tx
      .select(viewColumns)
      .from(paymentClaims)
      .innerJoin(paymentSessions, eq(paymentSessions.id, paymentClaims.paymentSessionId))
      .innerJoin(merchants, eq(merchants.id, paymentClaims.merchantId))
      .where(where)
      .orderBy(desc(paymentClaims.createdAt), desc(paymentClaims.id));

  return {
    /** The session a customer claims for, locked: claims of one session are filed one at a time. */
    async lockSession(tx: Database, sessionId: string) {
      const [session] = await tx
        .select({
          id: paymentSessions.id,
          merchantId: paymentSessions.merchantId,
          status: paymentSessions.status,
          currency: paymentSessions.currency,
          livemode: paymentSessions.livemode,
        })
        .from(paymentSessions)
        .where(eq(paymentSessions.id, sessionId))
        .for('update');
      return session ?? null;
    },

    async sessionExists(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentSessions.id })
        .from(paymentSessions)
        .where(eq(paymentSessions.id, sessionId));
      return row !== undefined;
    },

    async countOfSession(tx: Database, sessionId: string): Promise<{ filed: number; open: number }> {
      const [row] = await tx
        .select({
          filed: sql<number>`count(*)::int`,
          open: sql<number>`(count(*) filter (where ${paymentClaims.status} = 'open'))::int`,
        })
        .from(paymentClaims)
        .where(eq(paymentClaims.paymentSessionId, sessionId));
      return row ?? { filed: 0, open: 0 };
    },

    /** Serializes the claims of one address (their count, then the insert) until the transaction ends. */
    async lockAddress(tx: Database, ip: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-claims:${ip}`}))`);
    },

    async countFromIp(tx: Database, ip: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(paymentClaims)
        .where(and(eq(paymentClaims.ip, ip), gte(paymentClaims.createdAt, since)));
      return row?.count ?? 0;
    },

    async insert(tx: Database, claim: NewClaim): Promise<string> {
      const [row] = await tx.insert(paymentClaims).values(claim).returning({ id: paymentClaims.id });
      return (row as { id: string }).id;
    },

    /** Claims as their view, in the caller's transaction (webhooks read them there). */
    byIds: (tx: Database, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : select(tx, inArray(paymentClaims.id, ids)),

    ofSession: (sessionId: string) => select(db, eq(paymentClaims.paymentSessionId, sessionId)),

    /**
     * Newest first, keyset on (created_at, id); a merchant's only when `merchantId` is given, every
     * live merchant's otherwise (test mode files no claims: the test provider has no transfer to find).
     */
    page(filter: { status?: PaymentClaimStatus; merchantId?: string | null }, limit: number, after?: KeysetCursor) {
      return select(
        db,
        and(
          filter.status ? eq(paymentClaims.status, filter.status) : undefined,
          filter.merchantId ? eq(paymentClaims.merchantId, filter.merchantId) : eq(paymentSessions.livemode, true),
          after
            ? sql`(${paymentClaims.createdAt}, ${paymentClaims.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      ).limit(limit + 1);
    },

    async proof(id: string, merchantId: string | null) {
      const [row] = await db
        .select({ proof: paymentClaims.proof, proofType: paymentClaims.proofType })
        .from(paymentClaims)
        .where(and(eq(paymentClaims.id, id), merchantId ? eq(paymentClaims.merchantId, merchantId) : undefined));
      return row?.proof && row.proofType ? { bytes: row.proof, type: row.proofType } : null;
    },

    async lockOpen(tx: Database, id: string) {
      const [row] = await tx
        .select({ id: paymentClaims.id, status: paymentClaims.status })
        .from(paymentClaims)
        .where(eq(paymentClaims.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * Ends the open claims `where` picks (in the caller's transaction); returns the ids it ended.
     * Only open claims move: an ended claim keeps its outcome.
     */
    async end(
      tx: Database,
      where: SQL,
      outcome: {
        status: Exclude<PaymentClaimStatus, 'open'>;
        message?: string;
        userId?: string | null;
        transferId?: string | null;
      },
    ): Promise<string[]> {
      const rows = await tx
        .update(paymentClaims)
        .set({
          status: outcome.status,
          message: outcome.message ?? null,
          resolvedByUserId: outcome.userId ?? null,
          walletTransactionId: outcome.transferId ?? null,
          resolvedAt: sql`now()`,
        })
        .where(and(eq(paymentClaims.status, 'open'), where))
        .returning({ id: paymentClaims.id });
      return rows.map((row) => row.id);
    },
  };
}
export type PaymentClaimsRepository = ReturnType<typeof createPaymentClaimsRepository>;
