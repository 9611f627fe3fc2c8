import {
  AUDIT_ACTIONS,
  type CreateRefundBody,
  feeOnAmountMinor,
  formatAmount,
  type IdempotencyCaller,
  normalizePayoutAccount,
  type PayoutProvider,
  parseAmount,
  payoutProvidersOf,
  type Refund,
  WALLET_PROVIDER_TABLE,
  WITHDRAWAL_LINK_HOURS,
} from '@gerbang/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { secondsFromNow } from '../../db/database-clock';
import { paymentSessions, walletAccounts, walletTransactions, withdrawals } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { createAuditRepository } from '../audit/audit.repository';
import type { Idempotency } from '../idempotency/idempotency';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import { checkMoneyMayLeave } from '../merchants/money-out';
import { type AccountInquiries, inquiryDestinationOf } from '../withdrawals/account-inquiries';
import { insertHeld } from '../withdrawals/withdrawal-holds';
import type { WithdrawalListener } from '../withdrawals/withdrawal-moves';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';
import { toRefundOf } from '../withdrawals/withdrawal-response';
import type { WithdrawalsRepository } from '../withdrawals/withdrawals.repository';
import { reserveRefund } from './refund-reservations';

/** Who asks: the merchant's API token, or one of its users in the merchant console. */
export type RefundCaller = {
  merchantId: string;
  caller: Extract<IdempotencyCaller, 'merchant_api' | 'console'>;
  tokenId?: string;
  /** A merchant user: audited with the address it asked from. */
  user?: { id: string; ip: string };
};

/**
 * Refunds, started by the merchant (contract payments/refund.ts): a paid session's money back to
 * the account its transfer came from, as a withdrawal of kind `refund`. Created in one transaction
 * with its reservation on the session (never above what it received) and its hold on the
 * merchant's available balance (amount and withdrawal fee); then a phone asks whose the account
 * is, and the payout engine sends it (customer-withdrawals.service's verified, the send queue).
 */
export function createRefundsService(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  merchants: Pick<MerchantsRepository, 'findById'>;
  idempotency: Idempotency;
  inquiries: () => AccountInquiries;
  onChange: WithdrawalListener;
  customerPagesUrl: string;
}) {
  const { db } = deps;
  const toRefund = (row: WithdrawalRecord) => toRefundOf(row, deps.customerPagesUrl);

  /** The session with what paid it: the incoming transfer and the account it arrived in. */
  /**
   * The session with what paid it (the incoming transfer, the account it arrived in), its row locked
   * for the caller's transaction: the merchant's refunds of one session are decided one at a time.
   */
  async function paidSession(executor: Database, merchantId: string, sessionId: string, lock: boolean) {
    const mine = and(eq(paymentSessions.id, sessionId), eq(paymentSessions.merchantId, merchantId));
    if (lock) await executor.select({ id: paymentSessions.id }).from(paymentSessions).where(mine).for('update');
    const [row] = await executor
      .select({
        session: paymentSessions,
        provider: walletAccounts.provider,
        senderName: walletTransactions.counterpartyName,
        senderAccount: walletTransactions.counterpartyAccount,
      })
      .from(paymentSessions)
      .leftJoin(walletAccounts, eq(walletAccounts.id, paymentSessions.walletAccountId))
      .leftJoin(walletTransactions, eq(walletTransactions.id, paymentSessions.walletTransactionId))
      .where(mine)
      .limit(1);
    if (!row) throw notFound('Payment session');
    return row;
  }

  /** What is left of the session to refund, and the amount asked (all of it when none is given). */
  function amountToRefund(session: typeof paymentSessions.$inferSelect, body: CreateRefundBody) {
    if (session.status !== 'success' || session.receivedAmountMinor === null) {
      throw new AppError('INVALID_STATE', `This session is ${session.status}; only a paid session can be refunded`);
    }
    const left = session.receivedAmountMinor - session.refundedMinor;
    let amountMinor = left;
    if (body.amount !== undefined) {
      const amount = parseAmount(body.amount, session.currency);
      if (!amount.ok) throw invalidFields({ 'body.amount': amount.message });
      if (amount.minor <= 0n) throw invalidFields({ 'body.amount': 'The amount must be more than zero' });
      amountMinor = amount.minor;
    }
    if (amountMinor <= 0n || amountMinor > left) {
      throw new AppError(
        'REFUND_EXCEEDS_PAYMENT',
        `${formatAmount(left, session.currency)} of this payment is left to refund; nothing was refunded`,
        { fields: { 'body.amount': `At most ${formatAmount(left, session.currency)}` } },
      );
    }
    return amountMinor;
  }

  return {
    /**
     * `POST /v1/payment-sessions/:id/refunds` and the console's Refund: once per idempotency key (a
     * replay answers the first refund, whatever is left now), checked against the session under its
     * lock, then created, reserved and held in one transaction; the inquiry starts after the commit.
     */
    async create(
      who: RefundCaller,
      sessionId: string,
      idempotencyKey: string,
      body: CreateRefundBody,
      /** The reference an owner's approval gives it (so it is made once, whenever asked again). */
      options: { referenceNumber?: string } = {},
    ): Promise<{ status: number; body: Refund }> {
      const merchant = await deps.merchants.findById(who.merchantId);
      if (!merchant) throw notFound('Merchant');
      checkMoneyMayLeave(merchant);
      let created: WithdrawalRecord | null = null;
      const answer = await deps.idempotency.run(
        {
          merchantId: merchant.id,
          caller: who.caller,
          key: idempotencyKey,
          route: `POST /v1/payment-sessions/${sessionId}/refunds`,
          body,
        },
        async (tx) => {
          const { session, provider, senderName, senderAccount } = await paidSession(tx, merchant.id, sessionId, true);
          const amountMinor = amountToRefund(session, body);
          // The payer's account as the history names it; none: the customer names one on the withdraw page.
          const payoutProvider = provider
            ? WALLET_PROVIDER_TABLE[provider].payoutProvider
            : (payoutProvidersOf(session.currency)[0] as PayoutProvider);
          const named = normalizePayoutAccount(payoutProvider, senderAccount ?? '');
          const payerName = senderName || session.customer?.name || '';
          // Paid back without asking only where the history's account is surely on the same network
          // (an e-wallet: a bank's history may name another bank's account) and a name to check it by.
          const byCustomer =
            !provider || !named.ok || WALLET_PROVIDER_TABLE[provider].accountType !== 'wallet' || payerName === '';
          const feeMinor = feeOnAmountMinor(
            amountMinor,
            merchant.withdrawalFeeBasisPoints,
            merchant.withdrawalFeeFixedMinor,
          );
          // The session's lock orders this session's refunds: the check above and their count are exact.
          await reserveRefund(tx, session.id, amountMinor);
          const [earlier] = await tx
            .select({ n: count() })
            .from(withdrawals)
            .where(eq(withdrawals.paymentSessionId, session.id));
          created = await insertHeld(tx, deps.repo, {
            kind: 'refund',
            merchantId: merchant.id,
            // A test session's refund is test mode's: the test provider pays it back.
            livemode: session.livemode,
            paymentSessionId: session.id,
            // '#' is no character of a merchant's own references: a refund's never collides with one.
            referenceNumber: options.referenceNumber ?? `${session.referenceNumber}#R${(earlier?.n ?? 0) + 1}`,
            currency: session.currency,
            amountMinor,
            feeMinor,
            status: byCustomer ? 'awaiting_destination' : 'verifying',
            destinationByCustomer: byCustomer,
            destProvider: payoutProvider,
            destAccountNumber: named.ok ? named.value : '',
            // Whoever's account it goes to is checked against the payer's name.
            destHolderName: payerName,
            note: body.reason ?? '',
            apiTokenId: who.tokenId ?? null,
            createdByUserId: who.user?.id ?? null,
            // Never verified (no phone answers for a day): it lapses and gives the money back.
            expiresAt: secondsFromNow(WITHDRAWAL_LINK_HOURS * 3_600),
          });
          if (who.user) {
            await createAuditRepository(tx).insert({
              actorUserId: who.user.id,
              action: AUDIT_ACTIONS.refundRequested,
              targetType: 'withdrawal',
              targetId: created.id,
              ip: who.user.ip,
              details: {
                paymentSessionId: session.id,
                amount: formatAmount(created.amountMinor, created.currency),
                fee: formatAmount(created.feeMinor, created.currency),
                reason: created.note,
              },
            });
          }
          return { status: 201, body: toRefund(created) };
        },
      );
      if (created) {
        const row: WithdrawalRecord = created;
        deps.onChange(row, null);
        // To the account that paid: a phone asks whose it is (the customer's own: once they name it).
        if (!row.destinationByCustomer) {
          await deps.inquiries().start({ type: 'withdrawal', id: row.id }, inquiryDestinationOf(row));
        }
      }
      return answer;
    },

    /** A session's refunds, newest first (404 for another merchant's session). */
    async list(merchantId: string, sessionId: string): Promise<Refund[]> {
      await paidSession(db, merchantId, sessionId, false);
      const rows = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.paymentSessionId, sessionId), eq(withdrawals.merchantId, merchantId)))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
      return rows.map(toRefund);
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
