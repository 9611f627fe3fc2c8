import { randomUUID } from 'node:crypto';
import {
  apiTokenWithSecretSchema,
  apiWithdrawalSchema,
  createApiToken,
  MODE_HEADER,
  type PaymentSession,
  paymentSessionSchema,
  type TestPaymentOutcome,
  type TestPayoutOutcome,
} from '@gerbang/contract';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';

/** What the demo's test sessions end as: one of each outcome, and one still waiting for its customer. */
const OUTCOMES: (TestPaymentOutcome | null)[] = ['paid', 'paid_late', 'wrong_amount', 'failed', 'paid', null];
/** What the demo's test payouts end as once confirmed: paid, uncertain; null: the customer has not confirmed. */
const PAYOUTS: (TestPayoutOutcome | null)[] = ['paid', 'uncertain', null];

/**
 * Toko Demo's test mode (docs/test-mode.md): a test token made in the merchant console's test mode,
 * as a merchant would, and a few test sessions the test provider walked through each outcome, so
 * the console's test mode has content and the example shop has a token. Returns the token's secret.
 */
export async function seedDemoTestMode(options: {
  server: string;
  merchant: ApiAuth;
  logger: Logger;
}): Promise<string> {
  const testConsole = createGerbangApi(options.server, options.merchant, { headers: { [MODE_HEADER]: 'test' } });
  const token = await testConsole.request(createApiToken, apiTokenWithSecretSchema, {
    body: {
      name: 'Demo test token',
      scopes: [
        'payments:write',
        'payments:read',
        'balance:read',
        'refunds:write',
        'withdrawals:write',
        'withdrawals:read',
      ],
    },
  });
  const call = async (path: string, body: object, key?: string) => {
    const response = await fetch(new URL(path, options.server), {
      method: 'POST',
      headers: {
        // The customer's withdraw page calls without a token.
        ...(path.startsWith('/public/') ? {} : { authorization: `Bearer ${token.secret}` }),
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return response.json();
  };
  for (const [n, outcome] of OUTCOMES.entries()) {
    const session: PaymentSession = paymentSessionSchema.parse(
      await call(
        '/v1/payment-sessions',
        {
          referenceNumber: `TEST-${Date.now().toString(36).toUpperCase()}-${n + 1}`,
          amount: `${(n + 2) * 25_000}`,
          method: 'dana',
        },
        randomUUID(),
      ),
    );
    if (outcome) await call(`/v1/test/payment-sessions/${session.id}/simulate`, { outcome });
    // The first paid one is refunded: its customer names the account on the test withdraw page.
    if (n === 0) {
      await call(
        `/v1/payment-sessions/${session.id}/refunds`,
        { amount: '10000', reason: 'Demo refund' },
        randomUUID(),
      );
    }
  }
  // Test payouts to customers: the test provider verifies each at once (docs/test-mode.md).
  for (const [n, outcome] of PAYOUTS.entries()) {
    const withdrawal = apiWithdrawalSchema.parse(
      await call(
        '/v1/withdrawals',
        {
          referenceNumber: `TEST-PAYOUT-${Date.now().toString(36).toUpperCase()}-${n + 1}`,
          amount: `${(n + 1) * 10_000}`,
          provider: 'bca',
          accountNumber: `86100${n + 1}2345`,
          holderName: 'Demo Customer',
        },
        randomUUID(),
      ),
    );
    if (!outcome) continue;
    await call(`/public/withdrawals/${withdrawal.id}/confirm`, {});
    await call(`/v1/test/withdrawals/${withdrawal.id}/simulate`, { outcome });
  }
  options.logger.info(
    `[demo] Toko Demo's test mode: a test token, ${OUTCOMES.length} test sessions, a test refund and ${PAYOUTS.length} test payouts`,
  );
  return token.secret;
}
