import { randomUUID } from 'node:crypto';
import {
  apiTokenWithSecretSchema,
  createApiToken,
  MODE_HEADER,
  type PaymentSession,
  paymentSessionSchema,
  type TestPaymentOutcome,
} from '@gerbang/contract';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';

/** What the demo's test sessions end as: one of each outcome, and one still waiting for its customer. */
const OUTCOMES: (TestPaymentOutcome | null)[] = ['paid', 'paid_late', 'wrong_amount', 'failed', 'paid', null];

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
    body: { name: 'Demo test token', scopes: ['payments:write', 'payments:read', 'balance:read', 'refunds:write'] },
  });
  const call = async (path: string, body: object, key?: string) => {
    const response = await fetch(new URL(path, options.server), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.secret}`,
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
  }
  options.logger.info(`[demo] Toko Demo's test mode: a test token and ${OUTCOMES.length} test sessions`);
  return token.secret;
}
