import {
  type ApiWithdrawal,
  type CreateWithdrawalBody,
  feeOnAmountMinor,
  type GiveWithdrawDestinationBody,
  holderNameScore,
  holderNamesMatch,
  PAYOUT_PROVIDERS,
  parseAmount,
  WITHDRAWAL_LINK_HOURS,
  type WithdrawView,
} from '@gerbang/contract';
import type { Database } from '../../db/database';
import { databaseNow, secondsFromNow } from '../../db/database-clock';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { Idempotency } from '../idempotency/idempotency';
import type { MerchantRecord, MerchantsRepository } from '../merchants/merchants.repository';
import { checkMoneyMayLeave } from '../merchants/money-out';
import { type AccountInquiries, inquiryDestinationOf } from './account-inquiries';
import type { InquiryRecord } from './account-inquiries.repository';
import { checkDestination } from './destination-check';
import { insertHeld } from './withdrawal-holds';
import { releaseJournal } from './withdrawal-journals';
import type { WithdrawalListener, WithdrawalMove } from './withdrawal-moves';
import { sentOnceVerified, type WithdrawalRecord } from './withdrawal-record';
import { toApiWithdrawal, toWithdrawal, type WithdrawalSource } from './withdrawal-response';
import type { WithdrawalTransfers } from './withdrawal-transfers';
import {
  beforeConfirmDeadline,
  confirmDeadlinePassed,
  linkLapsed,
  type WithdrawalsRepository,
} from './withdrawals.repository';

/**
 * Customer withdrawals: the merchant's server opens one (`/v1/withdrawals`, idempotent, held at
 * once); a phone verifies the destination; the customer confirms it on the `/withdraw` page within
 * the time limit, which sends it (withdrawal-transfers.ts); timeouts send the customer back to
 * verify; cancelling, or the link lapsing, releases the hold.
 */
export function createCustomerWithdrawalsService(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  merchants: Pick<MerchantsRepository, 'findById'>;
  idempotency: Idempotency;
  inquiries: () => AccountInquiries;
  transfers: WithdrawalTransfers;
  move: WithdrawalMove;
  customerPagesUrl: string;
  /** How long the customer has to confirm a verified destination. */
  confirmSeconds: number;
  /** How long a confirmed withdrawal may wait for a free account before it fails. */
  queueSeconds: number;
  onChange: WithdrawalListener;
}) {
  const { repo, move } = deps;
  const api = (row: WithdrawalSource) => toApiWithdrawal(row, deps.customerPagesUrl);

  /** The withdrawal's merchant (a return has none: never a customer's page). */
  async function merchantOf(id: string | null): Promise<MerchantRecord> {
    const merchant = id === null ? null : await deps.merchants.findById(id);
    if (!merchant) throw notFound('Merchant');
    return merchant;
  }

  /** A withdrawal its customer acts on: a customer withdrawal, or a refund whose customer names the account. */
  async function findCustomer(id: string, merchantId?: string) {
    const row = await repo.findById(id, merchantId);
    if (!row || !(row.kind === 'customer' || (row.kind === 'refund' && row.destinationByCustomer))) {
      throw notFound('Withdrawal');
    }
    return row;
  }

  /** What an inquiry verifies: a customer's withdrawal, a refund or a return. */
  async function findVerified(id: string) {
    const row = await repo.findById(id);
    if (row?.kind !== 'customer' && row?.kind !== 'refund' && row?.kind !== 'return') throw notFound('Withdrawal');
    return row;
  }

  /** A return has no merchant to set a policy: a name that does not match waits for an operator. */
  async function namePolicyOf(row: WithdrawalRecord) {
    return row.merchantId === null ? 'hold' : (await merchantOf(row.merchantId)).payoutNamePolicy;
  }

  async function verify(row: WithdrawalRecord) {
    await deps.inquiries().start({ type: 'withdrawal', id: row.id }, inquiryDestinationOf(row));
  }

  function cancel(id: string, event: 'cancelled_by_customer' | 'cancelled_by_merchant' | 'link_expired') {
    return move(id, {
      event,
      set: { completedAt: databaseNow(), confirmDeadlineAt: null },
      journal: releaseJournal,
      // A link lapses by its deadline, checked again here: the sweep's read only named it.
      where: event === 'link_expired' ? linkLapsed : undefined,
    });
  }

  /** Sends a confirmed withdrawal if an account can take it now; otherwise it keeps waiting. */
  async function sendConfirmed(row: WithdrawalRecord): Promise<void> {
    try {
      await deps.transfers.start(row, {});
    } catch (error) {
      // No account free now (it waits), or it moved meanwhile (sent by another tick, cancelled).
      if (error instanceof AppError && (error.code === 'NO_ACCOUNT_AVAILABLE' || error.code === 'INVALID_STATE'))
        return;
      throw error;
    }
  }

  /** Confirmed, but no account freed in time: nothing was sent, so it fails and its hold is released. */
  function noAccountInTime(id: string) {
    return move(id, {
      event: 'no_account_available',
      set: { failureReason: 'no_account_available', completedAt: databaseNow(), confirmDeadlineAt: null },
      journal: releaseJournal,
      where: confirmDeadlinePassed,
    });
  }

  /**
   * Confirmation deadline passed (compared in SQL, in the move): back to verifying, the customer is
   * told why, and nothing of a confirmation is left on it.
   */
  function confirmationTimedOut(id: string) {
    return move(id, {
      event: 'confirmation_timeout',
      set: { lastError: 'confirmation_timeout', confirmDeadlineAt: null, confirmedAt: null },
      where: confirmDeadlinePassed,
    });
  }

  /**
   * The provider named the holder: compared with the merchant's name for them (when it gave one),
   * the withdrawal goes to the customer's confirmation, or, when the names do not match, does what
   * the merchant's policy says: waits for an operator (`hold`) or fails (`refuse`). A name an
   * operator accepted before for this withdrawal is not held again.
   */
  async function verified(inquiry: InquiryRecord) {
    const row = await findVerified(inquiry.subjectId);
    const holderName = inquiry.holderName ?? '';
    const nameScore = row.destHolderName === '' ? null : holderNameScore(row.destHolderName, holderName);
    const details = { holderName, walletAccountId: inquiry.walletAccountId, nameScore };
    const policy = await namePolicyOf(row);
    const passes =
      nameScore === null || holderNamesMatch(nameScore) || policy === 'allow' || row.nameApprovedHolder === holderName;
    if (passes && sentOnceVerified(row)) {
      // A refund goes back to the account that paid: sent once verified, within the queue's time.
      const confirmed = await move(row.id, {
        event: 'refund_verified',
        details,
        set: {
          verifiedHolderName: holderName,
          nameScore,
          confirmedAt: databaseNow(),
          confirmDeadlineAt: secondsFromNow(deps.queueSeconds),
        },
      });
      if (confirmed) await sendConfirmed(confirmed);
    } else if (passes) {
      await move(row.id, {
        event: 'verified',
        details,
        set: {
          verifiedHolderName: holderName,
          nameScore,
          lastError: null,
          confirmDeadlineAt: secondsFromNow(deps.confirmSeconds),
        },
      });
    } else if (policy === 'refuse') {
      await move(row.id, {
        event: 'name_refused',
        details,
        set: { verifiedHolderName: holderName, nameScore, failureReason: 'name_mismatch', completedAt: databaseNow() },
        journal: releaseJournal,
      });
    } else {
      await move(row.id, {
        event: 'name_held',
        details,
        set: { verifiedHolderName: holderName, nameScore, lastError: null },
      });
    }
  }

  return {
    api,

    /** `POST /v1/withdrawals`: checked, then created and held once per idempotency key. */
    async create(
      caller: { merchantId: string; tokenId: string },
      idempotencyKey: string,
      body: CreateWithdrawalBody,
    ): Promise<{ status: number; body: ApiWithdrawal }> {
      const merchant = await merchantOf(caller.merchantId);
      checkMoneyMayLeave(merchant);
      const { problems, accountNumber } = checkDestination(body, merchant.currency);
      const amount = parseAmount(body.amount, merchant.currency);
      if (!amount.ok) problems['body.amount'] = amount.message;
      else if (amount.minor <= 0n) problems['body.amount'] = 'The amount must be more than zero';
      if (Object.keys(problems).length > 0 || !amount.ok || !accountNumber) throw invalidFields(problems);
      const feeMinor = feeOnAmountMinor(
        amount.minor,
        merchant.withdrawalFeeBasisPoints,
        merchant.withdrawalFeeFixedMinor,
      );
      let created: WithdrawalRecord | null = null;
      const response = await deps.idempotency.run(
        { merchantId: merchant.id, caller: 'merchant_api', key: idempotencyKey, route: 'POST /v1/withdrawals', body },
        async (tx) => {
          created = await insertHeld(tx, repo, {
            kind: 'customer',
            merchantId: merchant.id,
            livemode: merchant.liveMerchantId === null,
            referenceNumber: body.referenceNumber,
            currency: merchant.currency,
            amountMinor: amount.minor,
            feeMinor,
            status: 'verifying',
            destProvider: body.provider,
            destAccountNumber: accountNumber,
            destHolderName: body.holderName ?? '',
            customer: body.customer ?? null,
            returnUrl: body.returnUrl ?? null,
            apiTokenId: caller.tokenId,
            expiresAt: secondsFromNow(WITHDRAWAL_LINK_HOURS * 3_600),
          });
          return { status: 201, body: api(created) };
        },
      );
      if (created) {
        const row: WithdrawalRecord = created;
        deps.onChange(row, null);
        await verify(row);
        // Test mode's provider answered at once: the answer says where it is now (a replay, as made).
        if (!row.livemode) return { status: response.status, body: api((await repo.findById(row.id)) ?? row) };
      }
      return response;
    },

    async get(merchantId: string, id: string): Promise<ApiWithdrawal> {
      return api(await findCustomer(id, merchantId));
    },

    async list(merchantId: string, query: { limit: number; cursor?: string; status?: WithdrawalRecord['status'] }) {
      const rows = await repo.page(
        { merchantId, kind: 'customer', status: query.status },
        query.limit,
        decodeKeysetCursor(query.cursor),
      );
      return toPage(rows, query.limit, api);
    },

    /** What the page shows; a passed confirmation deadline is applied before it is read. */
    async view(id: string): Promise<WithdrawView> {
      let row = await findCustomer(id);
      // The move checks the deadline in SQL: a page read after it shows the timeout at once.
      if (row.status === 'awaiting_confirmation') row = (await confirmationTimedOut(id)) ?? row;
      const merchant = await merchantOf(row.merchantId);
      const provider = PAYOUT_PROVIDERS[row.destProvider as CreateWithdrawalBody['provider']];
      return {
        id: row.id,
        merchantName: merchant.name,
        referenceNumber: row.referenceNumber,
        currency: row.currency,
        amount: toWithdrawal(row).amount,
        // Confirmed and waiting for a free account: to the customer it is being sent.
        status: row.status === 'confirmed' ? 'processing' : row.status,
        destination: {
          provider: row.destProvider as CreateWithdrawalBody['provider'],
          providerName: provider?.name ?? row.destProvider,
          accountNumber: row.destAccountNumber,
          // While an operator reviews the name, the page does not say whose account the number is.
          holderName: row.status === 'name_review' ? null : row.verifiedHolderName,
        },
        confirmDeadlineAt:
          row.status === 'awaiting_confirmation' ? (row.confirmDeadlineAt?.toISOString() ?? null) : null,
        lastError: (row.lastError as WithdrawView['lastError']) ?? null,
        failureReason: row.failureReason,
        serverTime: new Date().toISOString(),
        returnUrl: row.returnUrl,
        embedOrigins: merchant.embedOrigins,
        livemode: row.livemode,
      };
    },

    /**
     * A refund's customer names the account it goes to (its payment named none): checked as the
     * merchant API checks a destination, then a phone verifies it and the customer confirms.
     */
    async giveDestination(id: string, body: GiveWithdrawDestinationBody): Promise<void> {
      const row = await findCustomer(id);
      const { problems, accountNumber } = checkDestination(body, row.currency);
      if (Object.keys(problems).length > 0 || !accountNumber) throw invalidFields(problems);
      const moved = await move(id, {
        event: 'destination_given',
        set: { destProvider: body.provider, destAccountNumber: accountNumber, lastError: null },
      });
      if (!moved) throw new AppError('INVALID_STATE', `This refund is ${row.status}; its account is already named`);
      await verify(moved);
    },

    /** The customer asks the provider again (after a timeout); one inquiry at a time. */
    async verifyAgain(id: string): Promise<void> {
      const row = await findCustomer(id);
      if (row.status !== 'verifying') {
        throw new AppError('INVALID_STATE', `This withdrawal is ${row.status}; it is not waiting for verification`);
      }
      if (await deps.inquiries().isRunningFor(id)) return;
      const cleared = await repo.setWhile(id, ['verifying'], { lastError: null });
      if (cleared) await verify(cleared);
    },

    /**
     * The customer confirms the verified destination in time: the transfer goes out now, or, when
     * every account that could send it is busy, as soon as one is free (sendConfirmed), within
     * WITHDRAWAL_QUEUE_SECONDS.
     */
    async confirm(id: string): Promise<void> {
      const confirmed = await move(id, {
        event: 'customer_confirmed',
        set: { confirmedAt: databaseNow(), confirmDeadlineAt: secondsFromNow(deps.queueSeconds) },
        where: beforeConfirmDeadline,
      });
      if (confirmed) {
        await sendConfirmed(confirmed);
        return;
      }
      const row = await findCustomer(id);
      // A second tap: confirmed already, being sent, or sent.
      if (row.status === 'confirmed' || row.status === 'processing' || row.status === 'success') return;
      if (row.status === 'awaiting_confirmation') {
        await confirmationTimedOut(id);
        throw new AppError('INVALID_STATE', 'Confirmation timeout. Please verify again.');
      }
      throw new AppError('INVALID_STATE', `This withdrawal is ${row.status}; it cannot be confirmed`);
    },

    /** Confirmed withdrawals waiting for a free account are sent, oldest first (the scheduler's tick). */
    async sendQueued(batch = 20) {
      for (const row of await repo.confirmedUnsent(batch)) await sendConfirmed(row);
    },

    /** The customer (page) or the merchant (API) cancels before the money is sent. */
    async cancel(id: string, by: 'customer' | 'merchant', merchantId?: string): Promise<WithdrawalRecord> {
      await findCustomer(id, merchantId);
      const row = await cancel(id, by === 'customer' ? 'cancelled_by_customer' : 'cancelled_by_merchant');
      if (row) return row;
      const now = await findCustomer(id);
      if (now.status === 'cancelled') return now;
      throw new AppError('INVALID_STATE', `This withdrawal is ${now.status}; it can no longer be cancelled`);
    },

    /** An inquiry about one of them ended. */
    async inquiryFinished(inquiry: InquiryRecord): Promise<void> {
      if (inquiry.status === 'ok') {
        await verified(inquiry);
        return;
      }
      if (inquiry.failureReason === 'account_not_found') {
        await move(inquiry.subjectId, {
          event: 'account_not_found',
          set: { failureReason: 'account_not_found', completedAt: databaseNow() },
          journal: releaseJournal,
        });
        return;
      }
      if (sentOnceVerified(await findVerified(inquiry.subjectId))) {
        await move(inquiry.subjectId, {
          event: 'refund_not_verified',
          set: { failureReason: inquiry.failureReason ?? 'timeout', completedAt: databaseNow() },
          journal: releaseJournal,
        });
        return;
      }
      // No answer in time (or no phone free): the customer verifies again.
      const row = await repo.setWhile(inquiry.subjectId, ['verifying'], { lastError: 'verification_timeout' });
      if (row) deps.onChange(row, row.status);
    },

    /**
     * Lapsed links are cancelled; passed confirmation deadlines go back to verifying; confirmed
     * withdrawals no account took in time fail.
     */
    async sweep(batch = 100) {
      const { lapsed, unconfirmed, unsent } = await repo.customerOverdue(batch);
      for (const row of lapsed) await cancel(row.id, 'link_expired');
      for (const row of unconfirmed) await confirmationTimedOut(row.id);
      for (const row of unsent) await noAccountInTime(row.id);
    },
  };
}
export type CustomerWithdrawalsService = ReturnType<typeof createCustomerWithdrawalsService>;
