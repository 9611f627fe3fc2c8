import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateWithdrawalRequestBody,
  feeOnAmountMinor,
  formatAmount,
  type ListWithdrawalsQuery,
  parseAmount,
  type ReconcileWithdrawalBody,
  type ReviewWithdrawalNameBody,
  type WithdrawalDetail,
} from '@gerbang/contract';
import type { Database } from '../../db/database';
import { databaseNow, secondsFromNow } from '../../db/database-clock';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import { checkMoneyMayLeave } from '../merchants/money-out';
import type { TestSettlements } from '../test-mode/test-settlements';
import { webhookEventsOf } from '../webhooks/webhook-log';
import type { PayoutMethodsRepository } from './payout-methods.repository';
import { insertHeld } from './withdrawal-holds';
import { releaseJournal, settleJournal } from './withdrawal-journals';
import type { WithdrawalListener, WithdrawalMove } from './withdrawal-moves';
import { sentOnceVerified, type WithdrawalRecord } from './withdrawal-record';
import { toOperatorWithdrawal, toOperatorWithdrawalOfRow } from './withdrawal-response';
import { withdrawalTimeline } from './withdrawal-step-actors';
import type { WithdrawalTransfers } from './withdrawal-transfers';
import type { WithdrawalsRepository } from './withdrawals.repository';

/** Who acts: a console user; `merchantId` is set for Merchant users (their scope). */
export type Actor = { userId: string; ip: string; merchantId?: string };

/**
 * A settlement's reference: derived from the console's request id when it names one (so the
 * reference's unique index makes a double submit one request), random otherwise.
 */
export const settlementReference = (requestId?: string) =>
  `WD-${(requestId ? createHash('sha256').update(requestId).digest('hex').slice(0, 12) : randomBytes(6).toString('hex')).toUpperCase()}`;

/**
 * Settlements (withdrawal requests) and the operators' actions on any withdrawal: request with a
 * hold, cancel, approve (maker-checker), reject, send, mark paid outside, reconcile. Every action is
 * one guarded move with its journal and audit entry; a lost race is a 409 that says what happened.
 */
export function createWithdrawalsService(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  payoutMethods: PayoutMethodsRepository;
  merchants: Pick<MerchantsRepository, 'findById'>;
  move: WithdrawalMove;
  transfers: WithdrawalTransfers;
  onChange: WithdrawalListener;
  /** How long the customer has to confirm once a held name is approved. */
  confirmSeconds: number;
  /** How long an approved refund may wait for a free account (it needs no confirmation). */
  queueSeconds: number;
  /** Test mode's provider, which approves and sends a test settlement. */
  testSettlements: Pick<TestSettlements, 'send'>;
}) {
  const { repo, move } = deps;

  async function find(id: string, actor: Actor): Promise<WithdrawalRecord> {
    const row = await repo.findById(id, actor.merchantId);
    if (!row) throw notFound('Withdrawal');
    return row;
  }

  /**
   * A withdrawal its actor may change: an operator never changes test mode's (its test provider
   * ends it, and an operator's "paid outside" would pay test money with real money).
   */
  async function findToChange(id: string, actor: Actor): Promise<WithdrawalRecord> {
    const row = await find(id, actor);
    if (!row.livemode && !actor.merchantId) {
      throw new AppError(
        'INVALID_STATE',
        'This is a test mode withdrawal: the test provider ends it, and operators do not act on it',
      );
    }
    return row;
  }

  /** The move lost (someone else changed it first): say what it is now. */
  async function lost(id: string, wanted: string): Promise<never> {
    const now = await repo.findById(id);
    throw new AppError('INVALID_STATE', `This withdrawal is ${now?.status ?? 'gone'}; it cannot be ${wanted}`);
  }

  async function detailOf(row: WithdrawalRecord): Promise<WithdrawalDetail> {
    const listed = await repo.findListed(row.id);
    if (!listed) throw notFound('Withdrawal');
    const view = toOperatorWithdrawal(listed.withdrawal, listed.merchantName, listed.account);
    const [events, webhooks] = await Promise.all([repo.events(row.id), webhookEventsOf(deps.db, row.id)]);
    return { ...view, timeline: await withdrawalTimeline(deps.db, listed.withdrawal, events), webhooks };
  }

  /** The request a `requestId` named before: the same one again, or 422 when it asked for another. */
  async function sameRequest(
    earlier: WithdrawalRecord,
    payoutMethodId: string,
    amountMinor: bigint,
    body: CreateWithdrawalRequestBody,
  ): Promise<WithdrawalDetail> {
    if (
      earlier.payoutMethodId !== payoutMethodId ||
      earlier.amountMinor !== amountMinor ||
      earlier.note !== (body.note ?? '')
    ) {
      throw invalidFields({ 'body.requestId': 'This request id was already used for another settlement request' });
    }
    // A test settlement its request left before the test provider sent it (a crash between): sent now.
    return detailOf(earlier.livemode ? earlier : await deps.testSettlements.send(earlier));
  }

  return {
    async list(filter: ListWithdrawalsQuery) {
      const { limit, cursor, ...where } = filter;
      const rows = await repo.page(where, limit, decodeKeysetCursor(cursor));
      return toPage(rows, limit, toOperatorWithdrawalOfRow);
    },

    async get(id: string, actor: Actor): Promise<WithdrawalDetail> {
      return detailOf(await find(id, actor));
    },

    /**
     * A settlement to a verified payout method; the amount and fee are held in the same
     * transaction. 201 when this created it; 200 with the same request when `requestId` named one
     * made before (a double submit, a retry).
     */
    async request(
      actor: Actor,
      body: CreateWithdrawalRequestBody,
    ): Promise<{ status: 200 | 201; body: WithdrawalDetail }> {
      const merchantId = actor.merchantId ?? body.merchantId;
      if (!merchantId) throw invalidFields({ 'body.merchantId': 'Choose the merchant whose balance this takes out' });
      const merchant = await deps.merchants.findById(merchantId);
      if (!merchant) throw invalidFields({ 'body.merchantId': 'No such merchant' });
      checkMoneyMayLeave(merchant);
      const method = await deps.payoutMethods.find(body.payoutMethodId, merchantId);
      if (!method) throw invalidFields({ 'body.payoutMethodId': 'Not one of this merchant’s payout methods' });
      if (method.status !== 'verified') {
        throw new AppError('PAYOUT_METHOD_NOT_VERIFIED', 'This payout method is not verified; verify it first', {
          fields: { 'body.payoutMethodId': `This payout method is ${method.status}` },
        });
      }
      const amount = parseAmount(body.amount, merchant.currency);
      if (!amount.ok) throw invalidFields({ 'body.amount': amount.message });
      if (amount.minor <= 0n) throw invalidFields({ 'body.amount': 'The amount must be more than zero' });
      const feeMinor = feeOnAmountMinor(
        amount.minor,
        merchant.withdrawalFeeBasisPoints,
        merchant.withdrawalFeeFixedMinor,
      );
      const referenceNumber = settlementReference(body.requestId);
      if (body.requestId) {
        const earlier = await repo.findByReference(merchantId, referenceNumber);
        if (earlier) return { status: 200, body: await sameRequest(earlier, method.id, amount.minor, body) };
      }
      let row: WithdrawalRecord;
      try {
        row = await deps.db.transaction(async (tx) => {
          const created = await insertHeld(tx, repo, {
            kind: 'settlement',
            merchantId,
            livemode: merchant.liveMerchantId === null,
            referenceNumber,
            currency: merchant.currency,
            amountMinor: amount.minor,
            feeMinor,
            status: 'pending_approval',
            payoutMethodId: method.id,
            destProvider: method.provider,
            destAccountNumber: method.accountNumber,
            destHolderName: method.holderName,
            verifiedHolderName: method.verifiedHolderName,
            nameScore: method.nameScore,
            note: body.note ?? '',
            createdByUserId: actor.userId,
            lastChangedByUserId: actor.userId,
          });
          await createAuditRepository(tx).insert({
            actorUserId: actor.userId,
            action: AUDIT_ACTIONS.withdrawalRequested,
            targetType: 'withdrawal',
            targetId: created.id,
            ip: actor.ip,
            details: {
              merchantId,
              amount: formatAmount(created.amountMinor, created.currency),
              fee: formatAmount(created.feeMinor, created.currency),
              payoutMethodId: method.id,
            },
          });
          return created;
        });
      } catch (error) {
        // Another submit of the same request committed first.
        const earlier = body.requestId ? await repo.findByReference(merchantId, referenceNumber) : null;
        if (!earlier || !(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
        return { status: 200, body: await sameRequest(earlier, method.id, amount.minor, body) };
      }
      deps.onChange(row, null);
      // Test mode has no operators: its provider approves and sends a test settlement at once.
      if (!row.livemode) row = await deps.testSettlements.send(row);
      return { status: 201, body: await detailOf(row) };
    },

    /** The merchant (or the operator who requested it for them) takes back a request nobody approved yet. */
    async cancel(actor: Actor, id: string): Promise<WithdrawalDetail> {
      await findToChange(id, actor);
      const row = await move(id, {
        event: actor.merchantId ? 'cancelled_by_merchant' : 'cancelled_by_operator',
        actorUserId: actor.userId,
        set: { lastChangedByUserId: actor.userId, completedAt: databaseNow() },
        journal: releaseJournal,
        audit: { actorUserId: actor.userId, action: AUDIT_ACTIONS.withdrawalCancelled, ip: actor.ip },
      });
      return detailOf(row ?? (await lost(id, 'cancelled')));
    },

    /** Maker-checker: whoever created it or changed it last may not approve it. */
    async approve(actor: Actor, id: string): Promise<WithdrawalDetail> {
      const current = await findToChange(id, actor);
      if (current.createdByUserId === actor.userId || current.lastChangedByUserId === actor.userId) {
        throw new AppError(
          'SECOND_APPROVER_REQUIRED',
          'You created or last changed this withdrawal; another operator must approve it',
        );
      }
      const row = await move(id, {
        event: 'approved',
        actorUserId: actor.userId,
        set: { approvedByUserId: actor.userId },
        audit: { actorUserId: actor.userId, action: AUDIT_ACTIONS.withdrawalApproved, ip: actor.ip },
      });
      return detailOf(row ?? (await lost(id, 'approved')));
    },

    async reject(actor: Actor, id: string, reason: string): Promise<WithdrawalDetail> {
      await findToChange(id, actor);
      const row = await move(id, {
        event: 'rejected',
        actorUserId: actor.userId,
        details: { reason },
        set: { failureReason: reason, lastChangedByUserId: actor.userId, completedAt: databaseNow() },
        journal: releaseJournal,
        audit: {
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.withdrawalRejected,
          ip: actor.ip,
          details: { reason },
        },
      });
      return detailOf(row ?? (await lost(id, 'rejected')));
    },

    async execute(actor: Actor, id: string, walletAccountId?: string): Promise<WithdrawalDetail> {
      const current = await findToChange(id, actor);
      if (current.status !== 'approved') await lost(id, 'sent');
      return detailOf(await deps.transfers.start(current, { actor, walletAccountId }));
    },

    /** Paid by an operator outside Gerbang: settled against external payouts, with their reference. */
    async markPaid(actor: Actor, id: string, reference: string, note: string): Promise<WithdrawalDetail> {
      await findToChange(id, actor);
      const row = await move(id, {
        event: 'paid_outside',
        actorUserId: actor.userId,
        details: { reference, note },
        set: { transferReference: reference, lastChangedByUserId: actor.userId, completedAt: databaseNow() },
        journal: (moved) => settleJournal(moved, 'outside'),
        audit: {
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.withdrawalMarkedPaid,
          ip: actor.ip,
          details: { reference, note },
        },
      });
      return detailOf(row ?? (await lost(id, 'marked paid')));
    },

    /**
     * A customer withdrawal held for its holder's name: approved, the customer may confirm it (a fresh
     * time limit, and the same name from a later inquiry is not held again); rejected, it fails and
     * its hold is released. One decision wins; the other operator gets 409.
     */
    async reviewName(actor: Actor, id: string, body: ReviewWithdrawalNameBody): Promise<WithdrawalDetail> {
      const current = await findToChange(id, actor);
      const audit = {
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.withdrawalNameReviewed,
        ip: actor.ip,
        details: {
          decision: body.decision,
          reason: body.reason,
          holderName: current.destHolderName,
          verifiedHolderName: current.verifiedHolderName,
          nameScore: current.nameScore,
        },
      };
      const common = { actorUserId: actor.userId, details: { reason: body.reason }, audit };
      const row =
        body.decision === 'approve' && sentOnceVerified(current)
          ? // A refund (or a return) waits for no customer: approved, it is sent as soon as an account is free.
            await move(id, {
              ...common,
              event: 'refund_name_approved',
              set: {
                nameApprovedHolder: current.verifiedHolderName,
                lastChangedByUserId: actor.userId,
                confirmedAt: databaseNow(),
                confirmDeadlineAt: secondsFromNow(deps.queueSeconds),
              },
            })
          : body.decision === 'approve'
            ? await move(id, {
                ...common,
                event: 'name_approved',
                set: {
                  nameApprovedHolder: current.verifiedHolderName,
                  lastChangedByUserId: actor.userId,
                  confirmDeadlineAt: secondsFromNow(deps.confirmSeconds),
                },
              })
            : await move(id, {
                ...common,
                event: 'name_rejected',
                set: {
                  failureReason: 'name_mismatch',
                  lastChangedByUserId: actor.userId,
                  completedAt: databaseNow(),
                },
                journal: releaseJournal,
              });
      return detailOf(row ?? (await lost(id, body.decision === 'approve' ? 'approved' : 'rejected')));
    },

    /** An operator settles an uncertain transfer by what the sending account's history shows. */
    async reconcile(actor: Actor, id: string, body: ReconcileWithdrawalBody): Promise<WithdrawalDetail> {
      const current = await findToChange(id, actor);
      const audit = {
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.withdrawalReconciled,
        ip: actor.ip,
        details: { ...body },
      };
      let row: WithdrawalRecord | null;
      if (body.outcome === 'paid') {
        const seen = current.walletAccountId
          ? await repo.transactionByProviderId(current.walletAccountId, body.reference)
          : null;
        if (seen && (seen.direction !== 'out' || seen.amountMinor !== current.amountMinor)) {
          throw invalidFields({
            'body.reference': 'That transfer in the sending account’s history is not this amount going out',
          });
        }
        if (seen?.paidWithdrawalId && seen.paidWithdrawalId !== current.id) {
          throw invalidFields({ 'body.reference': 'That transfer already paid another withdrawal' });
        }
        row = await deps.transfers.succeed(
          current,
          { walletTransactionId: seen?.id ?? null, reference: body.reference },
          'reconciled_paid',
          { userId: actor.userId, audit, note: body.note ?? '' },
        );
      } else {
        row = await deps.transfers.fail(current, {
          event: 'reconciled_not_paid',
          reason: 'operator',
          by: { userId: actor.userId, audit, note: body.note },
        });
      }
      return detailOf(row ?? (await lost(id, 'reconciled')));
    },
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
