import type {
  cancelApiWithdrawal,
  createApiPaymentSession,
  createApiRefund,
  createApiWithdrawal,
  getApiBalance,
  getApiPaymentSession,
  getApiWithdrawal,
  listApiPaymentSessions,
  listApiRefunds,
  listApiWithdrawals,
  simulateApiPaymentSession,
  simulateApiWithdrawal,
} from '@gerbang/contract';

/** One route of the merchant API, as the SDK calls it. */
export type V1Endpoint = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** The route takes an Idempotency-Key: the SDK sends one on every call (a new UUID unless given). */
  readonly idempotent: boolean;
};

type Pinned<E> = E & { readonly idempotent: boolean };

/**
 * Every `/v1` route of the contract (test/endpoints.test.ts keeps this table and the contract's
 * `/v1` endpoints equal, and `idempotent` equal to the server's OpenAPI headers). Each entry is
 * typed as the contract's endpoint, so a path that differs from it fails the typecheck.
 *
 * Every route here is safe to send again: reads are reads, the creating POSTs carry their key, and
 * cancelling a withdrawal that is already cancelled answers with it again; a simulated outcome
 * happens once (asked again, it answers 409 INVALID_STATE, which is not retried).
 */
export const V1_ENDPOINTS = {
  createPaymentSession: { method: 'POST', path: '/v1/payment-sessions', idempotent: true },
  getPaymentSession: { method: 'GET', path: '/v1/payment-sessions/:id', idempotent: false },
  listPaymentSessions: { method: 'GET', path: '/v1/payment-sessions', idempotent: false },
  createRefund: { method: 'POST', path: '/v1/payment-sessions/:id/refunds', idempotent: true },
  listRefunds: { method: 'GET', path: '/v1/payment-sessions/:id/refunds', idempotent: false },
  getBalance: { method: 'GET', path: '/v1/balance', idempotent: false },
  createWithdrawal: { method: 'POST', path: '/v1/withdrawals', idempotent: true },
  getWithdrawal: { method: 'GET', path: '/v1/withdrawals/:id', idempotent: false },
  listWithdrawals: { method: 'GET', path: '/v1/withdrawals', idempotent: false },
  cancelWithdrawal: { method: 'POST', path: '/v1/withdrawals/:id/cancel', idempotent: false },
  simulatePayment: { method: 'POST', path: '/v1/test/payment-sessions/:id/simulate', idempotent: false },
  simulatePayout: { method: 'POST', path: '/v1/test/withdrawals/:id/simulate', idempotent: false },
} as const satisfies {
  createPaymentSession: Pinned<typeof createApiPaymentSession>;
  getPaymentSession: Pinned<typeof getApiPaymentSession>;
  listPaymentSessions: Pinned<typeof listApiPaymentSessions>;
  createRefund: Pinned<typeof createApiRefund>;
  listRefunds: Pinned<typeof listApiRefunds>;
  getBalance: Pinned<typeof getApiBalance>;
  createWithdrawal: Pinned<typeof createApiWithdrawal>;
  getWithdrawal: Pinned<typeof getApiWithdrawal>;
  listWithdrawals: Pinned<typeof listApiWithdrawals>;
  cancelWithdrawal: Pinned<typeof cancelApiWithdrawal>;
  simulatePayment: Pinned<typeof simulateApiPaymentSession>;
  simulatePayout: Pinned<typeof simulateApiWithdrawal>;
};
