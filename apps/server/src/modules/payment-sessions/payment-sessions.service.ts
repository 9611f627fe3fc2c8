import {
  type CreatePaymentSessionBody,
  CURRENCY_OF_PROVIDER,
  feeOnAmountMinor,
  formatAmount,
  type IdempotencyCaller,
  PAYMENT_SESSION_LIFECYCLE,
  type PaymentSession,
  type PaymentSessionStatus,
  parseAmount,
  type WalletProvider,
} from '@gerbang/contract';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { Idempotency } from '../idempotency/idempotency';
import type { MerchantRecord, MerchantsRepository } from '../merchants/merchants.repository';
import { readinessOfRecord } from '../wallets/wallet-view';
import type { WalletsRepository } from '../wallets/wallets.repository';
import { rankAccounts, routingColumns, UNIQUE_DISCOUNT_MAX_MINOR } from './payment-routing';
import { AWAITING_MONEY, pastTimeLimit, withinTimeLimit } from './payment-session-guards';
import type { OpenedSession, PaymentSessionRecord, SessionMove } from './payment-session-record';
import { toPaymentSession } from './payment-session-response';
import type { ListPaymentSessionsFilter, PaymentSessionsRepository } from './payment-sessions.repository';

/** After its time limit a session the customer said they paid waits this long for the transfer. */
export const PROCESSING_GRACE_SECONDS = 10 * 60;
/**
 * Tries per account when the amount picked was taken by a transaction that committed between the
 * pick and the move (the pick skips amounts being taken, so this is rare); then the next account.
 */
const RESERVE_RACES_MAX = 5;

/** Told of every transition, after it commits (realtime, webhooks). */
export type PaymentSessionListener = (session: PaymentSessionRecord, from: PaymentSessionStatus | null) => void;

/**
 * Who opens a session: a merchant's server through `/v1` (its API token), or a customer through a
 * payment link (no token). `route` names the call for its idempotency keys, which live in the
 * caller's own key space.
 */
export type SessionOpener = {
  merchantId: string;
  /** The merchant as the caller's authentication already read it (the API token's read), if it did. */
  merchant?: MerchantRecord;
  tokenId: string | null;
  route: string;
  caller: Extract<IdempotencyCaller, 'merchant_api' | 'payment_link'>;
};

export function createPaymentSessionsService(deps: {
  db: Database;
  repo: PaymentSessionsRepository;
  merchants: MerchantsRepository;
  wallets: Pick<WalletsRepository, 'summaryFactsOf'>;
  idempotency: Idempotency;
  customerPagesUrl: string;
  /** How long an ended session's final amount stays out of reuse (clock skew + report lag). */
  amountHoldSeconds: number;
  onChange: PaymentSessionListener;
}) {
  const { db, repo } = deps;
  const view = (row: PaymentSessionRecord) => toPaymentSession(row, deps.customerPagesUrl);

  /** Ready accounts that can take this method's money now, least loaded first: one statement. */
  async function candidateAccounts(method: WalletProvider): Promise<string[]> {
    const facts = await deps.wallets.summaryFactsOf(method, routingColumns(method));
    const ready = facts.filter((record) => record.receives && readinessOfRecord(record, record.today).canReceive);
    return rankAccounts(ready, new Map(ready.map((record) => [record.id, record.waiting]))).map(
      (account) => account.id,
    );
  }

  /**
   * Gives a `created` session an account of its method and a final amount unique on that account
   * (repo.pickFinalAmount; the partial unique index payment_sessions_open_amount_key is the
   * arbiter), trying every account until one has a free amount. The move is guarded by the
   * session's time limit in SQL. Each try runs in a savepoint, so a lost race leaves the caller's
   * transaction usable. `full`: no account has a free amount; `closed`: the session is no longer
   * `created`, or its time limit passed.
   */
  async function reserve(
    tx: Database,
    session: PaymentSessionRecord,
    method: WalletProvider,
    accounts: string[],
  ): Promise<SessionMove | 'full' | 'closed'> {
    const maxDiscount = UNIQUE_DISCOUNT_MAX_MINOR[session.currency];
    const base = session.amountMinor + session.extraFeeMinor;
    for (const walletAccountId of accounts) {
      for (let race = 0; race < RESERVE_RACES_MAX; race += 1) {
        const finalAmountMinor = await repo.pickFinalAmount(
          tx,
          walletAccountId,
          base,
          maxDiscount,
          deps.amountHoldSeconds,
        );
        if (finalAmountMinor === null) break;
        const discount = base - finalAmountMinor;
        try {
          const moved = await tx.transaction((savepoint) =>
            repo.transition(savepoint, session.id, 'method_selected', {
              details: { method, walletAccountId, discount: discount.toString() },
              set: { method, walletAccountId, discountMinor: discount, finalAmountMinor },
              where: withinTimeLimit,
            }),
          );
          return moved ?? 'closed';
        } catch (error) {
          if (!isUniqueViolation(error, 'payment_sessions_open_amount_key')) throw error;
        }
      }
    }
    return 'full';
  }

  /**
   * A test session's method (test mode): the test provider takes it, never a phone's account, so
   * it has no account and no discount (the simulated payment names its session; the amount need
   * not tell sessions apart).
   */
  async function reserveTestRails(
    tx: Database,
    session: PaymentSessionRecord,
    method: WalletProvider,
  ): Promise<SessionMove | 'closed'> {
    const moved = await repo.transition(tx, session.id, 'method_selected', {
      details: { method, testProvider: true },
      set: {
        method,
        walletAccountId: null,
        discountMinor: 0n,
        finalAmountMinor: session.amountMinor + session.extraFeeMinor,
      },
      where: withinTimeLimit,
    });
    return moved ?? 'closed';
  }

  function checkTerms(merchant: MerchantRecord, body: CreatePaymentSessionBody): bigint {
    if (merchant.status !== 'active') {
      throw new AppError('MERCHANT_SUSPENDED', 'This merchant is suspended and opens no new payment session');
    }
    const problems: Record<string, string> = {};
    const parsed = parseAmount(body.amount, merchant.currency);
    if (!parsed.ok) problems['body.amount'] = parsed.message;
    else if (parsed.minor < merchant.minAmountMinor) {
      problems['body.amount'] = `The minimum is ${formatAmount(merchant.minAmountMinor, merchant.currency)}`;
    } else if (parsed.minor > merchant.maxAmountMinor) {
      problems['body.amount'] = `The maximum is ${formatAmount(merchant.maxAmountMinor, merchant.currency)}`;
    }
    if (body.method && !merchant.allowedMethods.includes(body.method)) {
      problems['body.method'] = `Not one of this merchant's methods: ${merchant.allowedMethods.join(', ')}`;
    }
    if (Object.keys(problems).length > 0 || !parsed.ok) throw invalidFields(problems);
    return parsed.minor;
  }

  async function merchantOf(merchantId: string): Promise<MerchantRecord> {
    const merchant = await deps.merchants.findById(merchantId);
    if (!merchant) throw notFound('Merchant');
    return merchant;
  }

  return {
    view,

    /** `POST /v1/payment-sessions`: validated, then created once per idempotency key. */
    async create(
      caller: SessionOpener,
      idempotencyKey: string,
      body: CreatePaymentSessionBody,
    ): Promise<{ status: number; body: PaymentSession }> {
      const merchant = caller.merchant ?? (await merchantOf(caller.merchantId));
      const amountMinor = checkTerms(merchant, body);
      const livemode = merchant.liveMerchantId === null;
      const accounts = body.method && livemode ? await candidateAccounts(body.method) : [];
      const changed: [PaymentSessionRecord, PaymentSessionStatus | null][] = [];
      const fields: OpenedSession = {
        merchantId: merchant.id,
        referenceNumber: body.referenceNumber,
        currency: merchant.currency,
        amountMinor,
        feeMinor: feeOnAmountMinor(amountMinor, merchant.depositFeeBasisPoints, merchant.depositFeeFixedMinor),
        method: body.method ?? null,
        customer: body.customer ?? null,
        returnUrl: body.returnUrl ?? null,
        metadata: body.metadata ?? null,
        apiTokenId: caller.tokenId ?? null,
        livemode,
        timeLimitSeconds: merchant.paymentTimeLimitMinutes * 60,
      };
      const scope = { merchantId: merchant.id, caller: caller.caller, key: idempotencyKey, route: caller.route, body };
      const { method } = body;
      // Without a method the session is one statement that claims its key with its answer; with
      // one, the account's reservation joins it in a transaction.
      const opening = !method
        ? deps.idempotency.runAsOneStatement(scope, async (claim) => {
            const created = await repo.open(db, fields, claim);
            if (!created) return null;
            changed.push([created, null]);
            return { status: 201, body: view(created) };
          })
        : deps.idempotency.run(scope, async (tx) => {
            changed.length = 0;
            // Without a key the statement inserts the session or fails: never null.
            const created = (await repo.open(tx, fields)) as PaymentSessionRecord;
            changed.push([created, null]);
            const reserved = livemode
              ? await reserve(tx, created, method, accounts)
              : await reserveTestRails(tx, created, method);
            if (typeof reserved !== 'object') return { status: 201, body: view(created) };
            changed.push([reserved.row, reserved.from]);
            return { status: 201, body: view(reserved.row) };
          });
      const response = await opening.catch((error: unknown) => {
        if (!isUniqueViolation(error, 'payment_sessions_merchant_reference_key')) throw error;
        throw new AppError('CONFLICT', 'A payment session with this reference number exists', {
          fields: { 'body.referenceNumber': 'This merchant already used this reference number' },
        });
      });
      for (const [row, from] of changed) deps.onChange(row, from);
      return response;
    },

    async get(merchantId: string, id: string): Promise<PaymentSession> {
      const row = await repo.findById(id, merchantId);
      if (!row) throw notFound('Payment session');
      return view(row);
    },

    /** Every merchant's sessions, with the merchant and the receiving account (operators). */
    async listForOperators(filter: ListPaymentSessionsFilter, query: { limit: number; cursor?: string }) {
      const rows = await repo.page(filter, query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit);
    },

    async list(filter: ListPaymentSessionsFilter, query: { limit: number; cursor?: string }) {
      // The same rows: the merchant API's schema writes the merchant's fields only.
      const rows = await repo.page(filter, query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit);
    },

    /**
     * The customer chose how to pay (deposit page): an account of that method and a unique final
     * amount. A session that already has one keeps it when the method is the same.
     */
    async selectMethod(id: string, method: WalletProvider): Promise<PaymentSessionRecord> {
      const session = await repo.findById(id);
      if (!session) throw notFound('Payment session');
      const merchant = await merchantOf(session.merchantId);
      if (session.status === 'awaiting_payment' && session.method === method) return session;
      if (session.status !== 'created') {
        throw new AppError('INVALID_STATE', `This payment session is ${session.status}; its method cannot change`);
      }
      if (!merchant.allowedMethods.includes(method) || CURRENCY_OF_PROVIDER[method] !== session.currency) {
        throw invalidFields({
          'body.method': `Not one of this merchant's methods: ${merchant.allowedMethods.join(', ')}`,
        });
      }
      const reserved = session.livemode
        ? await candidateAccounts(method).then((accounts) =>
            db.transaction((tx) => reserve(tx, session, method, accounts)),
          )
        : await db.transaction((tx) => reserveTestRails(tx, session, method));
      if (reserved === 'closed') {
        const now = await repo.findById(id);
        if (now?.status === 'awaiting_payment' && now.method === method) return now; // a second tap won
        throw new AppError('INVALID_STATE', 'This payment session has timed out or its method was chosen already');
      }
      if (reserved === 'full') {
        throw new AppError('NO_ACCOUNT_AVAILABLE', 'No account can receive this method now; choose another method');
      }
      deps.onChange(reserved.row, reserved.from);
      return reserved.row;
    },

    /** 'I Have Transferred': the page moves to "payment under processing" and the phone looks at once. */
    async markTransferred(id: string): Promise<PaymentSessionRecord> {
      const session = await repo.findById(id);
      if (!session) throw notFound('Payment session');
      if (session.status === 'processing') return session;
      const moved = await db.transaction((tx) => repo.transition(tx, id, 'customer_transferred'));
      if (!moved) {
        throw new AppError(
          'INVALID_STATE',
          `This payment session is ${session.status}; it is not waiting for a transfer`,
        );
      }
      deps.onChange(moved.row, moved.from);
      return moved.row;
    },

    /**
     * The deadlines (a scheduled job): sessions past their time limit expire; a session the
     * customer said they paid fails when no transfer arrived in the grace after it. One guarded
     * transition each, so a payment matched at the same moment wins or loses cleanly.
     */
    async sweepDeadlines(batch = 200): Promise<number> {
      let moved = 0;
      const rules = [
        { event: 'time_limit', grace: 0, set: {} },
        {
          event: 'transfer_not_found',
          grace: PROCESSING_GRACE_SECONDS,
          set: { failureReason: 'transfer_not_found' },
        },
      ] as const;
      for (const rule of rules) {
        const { from } = PAYMENT_SESSION_LIFECYCLE.events[rule.event];
        for (const { id } of await repo.overdue(from, rule.grace, batch)) {
          // The deadline is checked again in the move: a session whose time limit changed since
          // the read stays where it is.
          const row = await db.transaction((tx) =>
            repo.transition(tx, id, rule.event, {
              set: rule.set,
              where: pastTimeLimit(rule.grace),
            }),
          );
          if (row) {
            moved += 1;
            deps.onChange(row.row, row.from);
          }
        }
      }
      return moved;
    },

    awaitingMoney: AWAITING_MONEY,
  };
}
export type PaymentSessionsService = ReturnType<typeof createPaymentSessionsService>;
