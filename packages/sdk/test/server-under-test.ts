import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TOKEN_SCOPES, ROLE } from '@gerbang/contract';
import { afterAll, beforeAll } from 'vitest';
import { postJournal } from '../../../apps/server/src/modules/ledger/ledger';
import { LEDGER_ACCOUNTS } from '../../../apps/server/src/modules/ledger/ledger-accounts';
import { listen } from '../../../apps/server/src/modules/realtime/realtime.test-support';
import { createApiTokenAs } from '../../../apps/server/test/helpers/merchant-api';
import { api } from '../../../apps/server/test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../apps/server/test/helpers/test-app';
import { createGerbangClient, type GerbangClientOptions } from '../src/index';

export type Delivery = { headers: IncomingHttpHeaders; body: string };

/** A merchant's webhook endpoint: keeps every delivery's headers and raw body, answers 204. */
export async function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gerbang/webhooks`,
    deliveries,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the merchant's balance starts at (IDR): enough for the withdrawals the tests open. */
export const FUNDED_MINOR = 1_000_000n;

/**
 * The real server for one test file, built in-process with the server's own test helpers and
 * listening on a loopback port, with one merchant as an operator sets it up: a callback URL (a
 * receiver here), its webhook secret, an API token with every scope, and money to pay out.
 */
export function serverUnderTest() {
  const state = {
    testApp: undefined as unknown as TestApp,
    /** Where the server listens: what a merchant would configure as the SDK's baseUrl. */
    baseUrl: '',
    apiKey: '',
    webhookSecret: '',
    merchantId: '',
    receiver: undefined as unknown as Awaited<ReturnType<typeof webhookReceiver>>,
  };

  beforeAll(async () => {
    state.testApp = await createTestApp({ env: { HEALTH_CHECK_SCHEDULE_MINUTES: '0' } });
    state.baseUrl = await listen(state.testApp.app);
    state.receiver = await webhookReceiver();
    const admin = api(state.testApp.app, (await signedInUser(state.testApp, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'SDK Shop',
      code: `SDK${randomUUID().slice(0, 6).toUpperCase()}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: state.receiver.url,
    });
    if (created.statusCode !== 201) throw new Error(`merchant not created: ${created.body}`);
    state.merchantId = created.json().id;
    state.webhookSecret = created.json().webhookSecret;
    const owner = await signedInUser(state.testApp, ROLE.Merchant, { merchantId: state.merchantId });
    state.apiKey = (await createApiTokenAs(api(state.testApp.app, owner.headers), [...API_TOKEN_SCOPES])).secret;
    await fund(state.testApp, state.merchantId, FUNDED_MINOR);
  });
  afterAll(async () => {
    await state.testApp?.close();
    await state.receiver?.close();
  });

  return {
    state,
    /** The SDK as a merchant would make it, pointed at the server (or `baseUrl`, a proxy in front). */
    client: (options: Partial<GerbangClientOptions> = {}) =>
      createGerbangClient({ apiKey: state.apiKey, baseUrl: state.baseUrl, ...options }),
  };
}

/**
 * Money the merchant may take out, as if customers had paid it (the deposit path has its own
 * tests on the server; these need a balance to withdraw from).
 */
async function fund(t: TestApp, merchantId: string, amountMinor: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      kind: 'deposit',
      referenceType: 'test_funding',
      referenceId: randomUUID(),
      currency: 'IDR',
      lines: [
        { account: LEDGER_ACCOUNTS.suspense('IDR'), amountMinor },
        { account: LEDGER_ACCOUNTS.merchantAvailable(merchantId, 'IDR'), amountMinor: -amountMinor },
      ],
    }),
  );
}

let reference = 0;
/** A reference number this merchant has not used. */
export function nextReference(prefix = 'SDK'): string {
  reference += 1;
  return `${prefix}-${Date.now()}-${reference}`;
}
