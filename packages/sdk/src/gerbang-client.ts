import type {
  ApiWithdrawal,
  CreatePaymentSessionParams,
  CreateRefundParams,
  CreateWithdrawalParams,
  ListPaymentSessionsParams,
  ListWithdrawalsParams,
  MerchantBalance,
  Page,
  PaymentSession,
  Refund,
  TestPaymentOutcome,
  TestPayoutOutcome,
} from './contract-types.js';
import { V1_ENDPOINTS } from './endpoints.js';
import { type CallOptions, createTransport, type TransportOptions } from './transport.js';

export type GerbangClientOptions = TransportOptions;
/** A call that takes no Idempotency-Key (reads, and cancel) takes only a signal to abandon it. */
export type SignalOptions = Pick<CallOptions, 'signal'>;

/** Walks a list page by page, following `nextCursor` until the last page. */
async function* everyItem<T, Q extends { cursor?: string }>(
  list: (query: Q) => Promise<Page<T>>,
  query: Q,
): AsyncGenerator<T> {
  let cursor = query.cursor;
  do {
    const page = await list({ ...query, cursor });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * A client of Gerbang's merchant API (`/v1`). Every creating call carries an Idempotency-Key (a
 * new UUID unless you pass `idempotencyKey`), kept across its retries; errors are
 * GerbangApiError or GerbangConnectionError.
 */
export function createGerbangClient(options: GerbangClientOptions) {
  const transport = createTransport(options);
  const e = V1_ENDPOINTS;

  const paymentSessions = {
    /** Opens a payment session (scope `payments:write`); send the customer to its `paymentUrl`. */
    create: (params: CreatePaymentSessionParams, call: CallOptions = {}) =>
      transport.send<PaymentSession>({ endpoint: e.createPaymentSession, body: params, ...call }),
    get: (id: string, call: SignalOptions = {}) =>
      transport.send<PaymentSession>({ endpoint: e.getPaymentSession, id, ...call }),
    /** One page, newest first (scope `payments:read`). */
    list: (query: ListPaymentSessionsParams = {}, call: SignalOptions = {}) =>
      transport.send<Page<PaymentSession>>({ endpoint: e.listPaymentSessions, query, ...call }),
    /** Every matching session, newest first, fetching pages as the loop asks for them. */
    listAll: (query: ListPaymentSessionsParams = {}, call: SignalOptions = {}) =>
      everyItem((q: ListPaymentSessionsParams) => paymentSessions.list(q, call), query),
  };

  const refunds = {
    /**
     * Refunds a paid session, all that is left (no `amount`) or part of it, to the account that paid
     * (scope `refunds:write`): the amount and the withdrawal fee are held at once. When the payment
     * named no account, send the customer to the answer's `withdrawUrl`.
     */
    create: (paymentSessionId: string, params: CreateRefundParams = {}, call: CallOptions = {}) =>
      transport.send<Refund>({ endpoint: e.createRefund, id: paymentSessionId, body: params, ...call }),
    /** A session's refunds, newest first (scope `payments:read`). */
    list: (paymentSessionId: string, call: SignalOptions = {}) =>
      transport.send<Refund[]>({ endpoint: e.listRefunds, id: paymentSessionId, ...call }),
  };

  const withdrawals = {
    /** Pays one of your customers (scope `withdrawals:write`): the amount and fee are held at once. */
    create: (params: CreateWithdrawalParams, call: CallOptions = {}) =>
      transport.send<ApiWithdrawal>({ endpoint: e.createWithdrawal, body: params, ...call }),
    get: (id: string, call: SignalOptions = {}) =>
      transport.send<ApiWithdrawal>({ endpoint: e.getWithdrawal, id, ...call }),
    list: (query: ListWithdrawalsParams = {}, call: SignalOptions = {}) =>
      transport.send<Page<ApiWithdrawal>>({ endpoint: e.listWithdrawals, query, ...call }),
    listAll: (query: ListWithdrawalsParams = {}, call: SignalOptions = {}) =>
      everyItem((q: ListWithdrawalsParams) => withdrawals.list(q, call), query),
    /** Cancels before the money is sent; the hold is released. */
    cancel: (id: string, call: SignalOptions = {}) =>
      transport.send<ApiWithdrawal>({ endpoint: e.cancelWithdrawal, id, ...call }),
  };

  const balance = {
    /** Available and pending, as decimal strings in the merchant's currency (scope `balance:read`). */
    get: (call: SignalOptions = {}) => transport.send<MerchantBalance>({ endpoint: e.getBalance, ...call }),
  };

  const testMode = {
    /**
     * Test mode only (a `gbk_test_` token): the test provider pays one of your test sessions, or
     * not: `paid`, `paid_late`, `wrong_amount`, `failed`. Its webhooks follow as a live payment's
     * would. A live token is refused (403 FORBIDDEN).
     */
    simulatePayment: (paymentSessionId: string, outcome: TestPaymentOutcome, call: SignalOptions = {}) =>
      transport.send<PaymentSession>({ endpoint: e.simulatePayment, id: paymentSessionId, body: { outcome }, ...call }),
    /**
     * Test mode only: the test provider ends the transfer of one of your test withdrawals (a
     * customer's once they confirmed it, a refund, a settlement): `paid`, `paid_late`, `uncertain`
     * (held until you simulate `paid` or `failed`), `failed`. Its webhooks follow as a live
     * payout's would. A live token is refused (403 FORBIDDEN).
     */
    simulatePayout: (withdrawalId: string, outcome: TestPayoutOutcome, call: SignalOptions = {}) =>
      transport.send<ApiWithdrawal>({ endpoint: e.simulatePayout, id: withdrawalId, body: { outcome }, ...call }),
  };

  return { paymentSessions, refunds, withdrawals, balance, testMode };
}
export type GerbangClient = ReturnType<typeof createGerbangClient>;
