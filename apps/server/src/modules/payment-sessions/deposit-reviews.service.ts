import {
  type Currency,
  type DepositProposal,
  feeOnAmountMinor,
  formatAmount,
  MANUAL_CREDIT_EVENT_TYPE,
  type ManualCredit,
} from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { depositMatches, merchants, paymentSessions } from '../../db/schema';
import { AppError, invalidFields } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { postJournal } from '../ledger/ledger';
import { claimsOfReference, endClaims } from '../payment-claims/claim-outcomes';
import { refuseWhileReturnPaidAfterRelease } from '../refunds/returned-transfers';
import type { SenderReturnsService } from '../refunds/sender-returns.service';
import { enqueueWebhook } from '../webhooks/webhook-outbox';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';
import { candidatesOf, transfersForSession } from './deposit-candidates';
import { depositJournal, manualCreditJournal, refundedOutsideJournal } from './deposit-journals';
import { matchCreditOf } from './deposit-match-credit';
import { toDepositTransfer, toMerchantDepositTransfer, transfersCsv } from './deposit-transfer-response';
import type { DepositTransfersFilter, DepositTransfersRepository } from './deposit-transfers.repository';
import type { SessionMove } from './payment-session-record';
import type { PaymentSessionsRepository } from './payment-sessions.repository';
import type { PaymentSessionListener } from './payment-sessions.service';

export type Operator = { userId: string; ip: string };
type MatchBody = { paymentSessionId: string; note: string };
type CreditBody = { merchantId: string; reference: string; note: string };
type Approval = { proposedByUserId: string | null; approvedByUserId: string };
type Queued = NonNullable<Awaited<ReturnType<DepositTransfersRepository['lockQueued']>>>;
type QueuedTransfer = Queued['transfer'];
/** What a resolution call did: carried out, or proposed for a second operator's approval. */
export type ResolutionAnswer = { status: 'resolved' | 'awaiting_approval' };

const referenceTaken = () =>
  new AppError('CONFLICT', 'This merchant already has a manual credit with this reference', {
    fields: { 'body.reference': 'Already used for this merchant' },
  });

const notQueued = () =>
  new AppError('INVALID_STATE', 'This transfer is not waiting for review (it paid a session or was resolved already)');

/**
 * The review queues: transfers that came late or match nothing. An operator matches one to the
 * session it paid (same account; its final amount, or within the tolerance: a near match, the
 * merchant credited what arrived; the session succeeds and the merchant is credited from suspense,
 * in one transaction; the ranked candidates help find it) or records that the money went back outside
 * Gerbang (it leaves suspense and the account). Each is audited with who, when and why.
 */
export function createDepositReviewsService(deps: {
  db: Database;
  transfers: DepositTransfersRepository;
  sessions: PaymentSessionsRepository;
  onChange: PaymentSessionListener;
  onBalanceChanged: (merchantId: string) => void;
  /** DEPOSIT_MATCH_TOLERANCE_PERCENT: how far a near match may be off the final amount. */
  tolerancePercent: number;
  /** A resolution of a transfer above this (minor units, per currency) waits for a second operator. */
  approvalAboveMinor: Record<Currency, bigint>;
  /** Sends a transfer back to its sender (the withdrawals' parts, built on first use). */
  returns: () => SenderReturnsService;
}) {
  const { db, transfers } = deps;

  /** In the resolution's own transaction: the audit entry exists exactly when the resolution does. */
  function record(tx: Database, actor: Operator, action: string, transferId: string, details: Record<string, unknown>) {
    return createAuditRepository(tx).insert({
      actorUserId: actor.userId,
      action,
      targetType: 'wallet_transaction',
      targetId: transferId,
      ip: actor.ip,
      details,
    });
  }

  const needsApproval = (transfer: { amountMinor: bigint; currency: Currency }) =>
    transfer.amountMinor > deps.approvalAboveMinor[transfer.currency];

  /** The queued transfer, locked; 409 when it is resolved, or a return of it turned up paid after its release. */
  async function lockResolvable(tx: Database, transferId: string) {
    const queued = await transfers.lockQueued(tx, transferId);
    if (!queued) throw notQueued();
    await refuseWhileReturnPaidAfterRelease(tx, transferId);
    return queued;
  }

  /** The queued transfer, locked; 409 when it is resolved already or a proposal waits on it. */
  async function lockUnproposed(tx: Database, transferId: string) {
    const queued = await lockResolvable(tx, transferId);
    if (queued.match.proposal) {
      throw new AppError('INVALID_STATE', "A resolution of this transfer is waiting for another operator's approval");
    }
    return queued;
  }

  async function propose(tx: Database, actor: Operator, transferId: string, proposal: DepositProposal) {
    await transfers.setProposal(tx, transferId, { proposal, byUserId: actor.userId });
    await record(tx, actor, AUDIT_ACTIONS.depositResolutionProposed, transferId, { ...proposal });
  }

  /** The session a transfer may pay, locked: same account, not paid yet. */
  async function sessionToPay(tx: Database, transfer: QueuedTransfer, sessionId: string) {
    const [session] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)).for('update');
    if (!session) throw invalidFields({ 'body.paymentSessionId': 'No payment session has this id' });
    if (!session.livemode)
      throw invalidFields({ 'body.paymentSessionId': 'This is a test session: it takes no real money' });
    if (session.walletAccountId !== transfer.accountId) {
      throw invalidFields({ 'body.paymentSessionId': 'This session was paid into another account' });
    }
    if (session.status === 'success') throw new AppError('INVALID_STATE', 'This payment session is paid already');
    return { session, credit: await matchCreditOf(tx, session, transfer.amountMinor, deps.tolerancePercent) };
  }

  async function matchInTx(tx: Database, actor: Operator, queued: Queued, body: MatchBody, approval?: Approval) {
    const { transfer } = queued;
    const { session, credit } = await sessionToPay(tx, transfer, body.paymentSessionId);
    const moved = await deps.sessions.transition(tx, session.id, 'operator_matched', {
      details: {
        walletTransactionId: transfer.id,
        byUserId: actor.userId,
        note: body.note,
        ...approval,
        ...(credit.difference !== 0n && {
          receivedAmount: formatAmount(transfer.amountMinor, transfer.currency),
          difference: formatAmount(credit.difference, transfer.currency),
        }),
      },
      set: {
        paidAt: transfer.occurredAt,
        walletTransactionId: transfer.id,
        receivedAmountMinor: transfer.amountMinor,
        feeMinor: credit.feeMinor,
      },
    });
    if (!moved) throw new AppError('INVALID_STATE', `This payment session is ${session.status}; it cannot be matched`);
    await postJournal(tx, depositJournal(moved.row, 'suspense'));
    await transfers.resolve(tx, transfer.id, {
      kind: 'matched',
      userId: actor.userId,
      note: body.note,
      paymentSessionId: moved.row.id,
      paidMerchantId: moved.row.merchantId,
    });
    await record(tx, actor, AUDIT_ACTIONS.depositMatchedByOperator, transfer.id, {
      paymentSessionId: moved.row.id,
      from: moved.from,
      note: body.note,
      ...approval,
      finalAmount: formatAmount(session.finalAmountMinor, session.currency),
      receivedAmount: formatAmount(transfer.amountMinor, transfer.currency),
      fee: formatAmount(credit.feeMinor, session.currency),
    });
    return moved;
  }

  async function refundInTx(tx: Database, actor: Operator, queued: Queued, note: string, approval?: Approval) {
    await postJournal(tx, refundedOutsideJournal(queued.transfer));
    await transfers.resolve(tx, queued.transfer.id, { kind: 'refunded_outside', userId: actor.userId, note });
    await record(tx, actor, AUDIT_ACTIONS.depositRefundedOutside, queued.transfer.id, {
      amount: formatAmount(queued.transfer.amountMinor, queued.transfer.currency),
      note,
      ...approval,
    });
  }

  /** Sends it back to its sender: a return (a withdrawal) held from suspense; the transfer leaves the queue. */
  async function returnInTx(tx: Database, actor: Operator, queued: Queued, note: string, approval?: Approval) {
    const created = await deps.returns().createInTx(tx, queued.transfer, actor, note);
    await transfers.resolve(tx, queued.transfer.id, { kind: 'returned', userId: actor.userId, note });
    await record(tx, actor, AUDIT_ACTIONS.depositReturnRequested, queued.transfer.id, {
      ...deps.returns().describe(created),
      note,
      ...approval,
    });
    return created;
  }

  /** After the return's transaction committed: a phone is asked whose the sender's account is. */
  const startReturn = (created: WithdrawalRecord) => () => deps.returns().started(created);

  /** The merchant a transfer may be credited to: of its currency, and the reference not yet used. */
  async function merchantToCredit(tx: Database, transfer: QueuedTransfer, body: CreditBody) {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, body.merchantId));
    if (!merchant) throw invalidFields({ 'body.merchantId': 'No merchant has this id' });
    // Real money never reaches test mode's books (docs/test-mode.md).
    if (merchant.liveMerchantId)
      throw invalidFields({ 'body.merchantId': 'This is a test mode merchant: it takes no real money' });
    if (merchant.currency !== transfer.currency) {
      throw invalidFields({
        'body.merchantId': `This merchant is paid in ${merchant.currency}, not ${transfer.currency}`,
      });
    }
    const [taken] = await tx
      .select({ id: depositMatches.walletTransactionId })
      .from(depositMatches)
      .where(and(eq(depositMatches.paidMerchantId, merchant.id), eq(depositMatches.creditReference, body.reference)));
    if (taken) throw referenceTaken();
    return merchant;
  }

  async function creditInTx(tx: Database, actor: Operator, queued: Queued, body: CreditBody, approval?: Approval) {
    const { transfer } = queued;
    const merchant = await merchantToCredit(tx, transfer, body);
    const feeMinor = feeOnAmountMinor(
      transfer.amountMinor,
      merchant.depositFeeBasisPoints,
      merchant.depositFeeFixedMinor,
    );
    if (feeMinor > transfer.amountMinor)
      throw invalidFields({ 'body.merchantId': "The merchant's fee is more than the transfer" });
    await postJournal(tx, manualCreditJournal(transfer, merchant.id, feeMinor));
    await transfers.resolve(tx, transfer.id, {
      kind: 'credited',
      userId: actor.userId,
      note: body.note,
      paidMerchantId: merchant.id,
      creditReference: body.reference,
    });
    // A customer's claim on the merchant's session of this reference ends credited.
    await endClaims(tx, claimsOfReference(merchant.id, body.reference), {
      status: 'credited',
      userId: actor.userId,
      transferId: transfer.id,
    });
    const credit: ManualCredit = {
      transferId: transfer.id,
      reference: body.reference,
      currency: transfer.currency,
      amount: formatAmount(transfer.amountMinor, transfer.currency),
      fee: formatAmount(feeMinor, transfer.currency),
      credited: formatAmount(transfer.amountMinor - feeMinor, transfer.currency),
      counterpartyName: transfer.counterpartyName,
      occurredAt: transfer.occurredAt.toISOString(),
      creditedAt: new Date().toISOString(),
    };
    await enqueueWebhook(tx, {
      merchantId: merchant.id,
      type: MANUAL_CREDIT_EVENT_TYPE,
      subjectId: transfer.id,
      data: credit,
    });
    await record(tx, actor, AUDIT_ACTIONS.depositCreditedManually, transfer.id, {
      merchantId: merchant.id,
      ...credit,
      note: body.note,
      ...approval,
    });
    return merchant.id;
  }

  function announcePaid(paid: SessionMove) {
    deps.onChange(paid.row, paid.from);
    deps.onBalanceChanged(paid.row.merchantId);
  }

  return {
    candidates: (transferId: string) => candidatesOf(db, transferId, deps.tolerancePercent),
    transfersForSession: (sessionId: string) => transfersForSession(db, sessionId, deps.tolerancePercent),

    /** The filtered transfers as CSV lines, streamed a page at a time (injection-safe fields). */
    csv: (filter: DepositTransfersFilter) => transfersCsv((limit, after) => transfers.page(filter, limit, after)),

    async list(filter: DepositTransfersFilter, query: { limit: number; cursor?: string }) {
      const rows = await transfers.page(filter, query.limit, decodeKeysetCursor(query.cursor));
      // A merchant sees who paid its sessions, not their account numbers (what a return would need).
      return toPage(rows, query.limit, filter.merchantId ? toMerchantDepositTransfer : toDepositTransfer);
    },

    /**
     * Matches a queued transfer to a session; above the approval amount, proposes it instead (202):
     * a second operator approves or declines.
     */
    async match(actor: Operator, transferId: string, body: MatchBody): Promise<ResolutionAnswer> {
      const done = await db.transaction(async (tx) => {
        const queued = await lockUnproposed(tx, transferId);
        if (needsApproval(queued.transfer)) {
          // Checked now, so a second operator is never asked to approve what cannot be done.
          await sessionToPay(tx, queued.transfer, body.paymentSessionId);
          await propose(tx, actor, transferId, { kind: 'match', ...body });
          return null;
        }
        return matchInTx(tx, actor, queued, body);
      });
      if (!done) return { status: 'awaiting_approval' };
      announcePaid(done);
      return { status: 'resolved' };
    },

    /** Credits a queued transfer to a merchant without a session; above the approval amount, proposes it. */
    async credit(actor: Operator, transferId: string, body: CreditBody): Promise<ResolutionAnswer> {
      let creditedMerchantId: string | null = null;
      try {
        creditedMerchantId = await db.transaction(async (tx) => {
          const queued = await lockUnproposed(tx, transferId);
          if (!needsApproval(queued.transfer)) return creditInTx(tx, actor, queued, body);
          await merchantToCredit(tx, queued.transfer, body);
          await propose(tx, actor, transferId, { kind: 'credit', ...body });
          return null;
        });
      } catch (error) {
        // Two credits with one reference at the same moment: the unique index decides.
        if (isUniqueViolation(error, 'deposit_matches_credit_reference_key')) throw referenceTaken();
        throw error;
      }
      if (!creditedMerchantId) return { status: 'awaiting_approval' };
      deps.onBalanceChanged(creditedMerchantId);
      return { status: 'resolved' };
    },

    async refundOutside(actor: Operator, transferId: string, body: { note: string }): Promise<ResolutionAnswer> {
      const proposed = await db.transaction(async (tx) => {
        const queued = await lockUnproposed(tx, transferId);
        if (needsApproval(queued.transfer)) {
          await propose(tx, actor, transferId, { kind: 'refunded_outside', note: body.note });
          return true;
        }
        await refundInTx(tx, actor, queued, body.note);
        return false;
      });
      return { status: proposed ? 'awaiting_approval' : 'resolved' };
    },

    /**
     * Sends a queued transfer back to its sender through a phone (a withdrawal of kind `return`);
     * above the approval amount, proposes it. 422 when the history does not name where to send it.
     */
    async returnToSender(actor: Operator, transferId: string, body: { note: string }): Promise<ResolutionAnswer> {
      const created = await db.transaction(async (tx) => {
        const queued = await lockUnproposed(tx, transferId);
        if (!needsApproval(queued.transfer)) return returnInTx(tx, actor, queued, body.note);
        await deps.returns().check(tx, queued.transfer);
        await propose(tx, actor, transferId, { kind: 'return', note: body.note });
        return null;
      });
      if (!created) return { status: 'awaiting_approval' };
      await startReturn(created)();
      return { status: 'resolved' };
    },

    /** A second operator carries out what another proposed; its proposer may not (maker-checker). */
    async approve(actor: Operator, transferId: string): Promise<void> {
      const announce = await db.transaction(async (tx) => {
        const queued = await lockResolvable(tx, transferId);
        const { proposal, proposedByUserId } = queued.match;
        if (!proposal) throw new AppError('INVALID_STATE', 'Nothing is proposed for this transfer');
        if (proposedByUserId === actor.userId) {
          throw new AppError('SECOND_APPROVER_REQUIRED', 'You proposed this; another operator must approve it');
        }
        await transfers.setProposal(tx, transferId, null);
        const approval = { proposedByUserId, approvedByUserId: actor.userId };
        // What to tell once it has committed: the merchant's new balance, or the session paid.
        if (proposal.kind === 'refunded_outside') {
          await refundInTx(tx, actor, queued, proposal.note, approval);
          return null;
        }
        if (proposal.kind === 'credit') {
          const merchantId = await creditInTx(tx, actor, queued, proposal, approval);
          return () => deps.onBalanceChanged(merchantId);
        }
        if (proposal.kind === 'return')
          return startReturn(await returnInTx(tx, actor, queued, proposal.note, approval));
        const moved = await matchInTx(
          tx,
          actor,
          queued,
          { paymentSessionId: proposal.paymentSessionId, note: proposal.note },
          approval,
        );
        return () => announcePaid(moved);
      });
      await announce?.();
    },

    /** A second operator turns a proposal down (with why); the transfer waits in the queue again. */
    async decline(actor: Operator, transferId: string, body: { note: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const queued = await transfers.lockQueued(tx, transferId);
        if (!queued) throw notQueued();
        const { proposal, proposedByUserId } = queued.match;
        if (!proposal) throw new AppError('INVALID_STATE', 'Nothing is proposed for this transfer');
        await transfers.setProposal(tx, transferId, null);
        await record(tx, actor, AUDIT_ACTIONS.depositResolutionDeclined, transferId, {
          proposal,
          proposedByUserId,
          note: body.note,
        });
      });
    },
  };
}
export type DepositReviewsService = ReturnType<typeof createDepositReviewsService>;
