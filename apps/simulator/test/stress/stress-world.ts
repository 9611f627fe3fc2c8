import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TOKEN_SCOPES, ROLE, type WalletAccount } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../../server/src/db/database';
import { fundMerchant } from '../../../server/src/modules/withdrawals/withdrawals.test-support';
import { insertUser, TEST_PASSWORD } from '../../../server/test/helpers/test-app';
import { type Fleet, silentLogger, startFleet } from '../../src';
import { createRandom } from '../../src/prng';
import { adminCall, httpCall, readyAccount } from '../ready-account';
import { eventually } from '../server-under-test';

/** The server under stress: listening somewhere, an Admin's access, and its database for the checks. */
export type StressTarget = {
  state: { url: string; headers: Record<string, string>; operator: { email: string; password: string } };
  database: DatabaseHandle;
};

export type StressMerchant = {
  id: string;
  /** The merchant console's user (requests settlements, cancels them). */
  userHeaders: Record<string, string>;
  /** The merchant API's token: payments and withdrawals. */
  apiHeaders: Record<string, string>;
  payoutMethodId: string;
};

export type StressWorld = {
  server: StressTarget;
  url: string;
  fleet: Fleet;
  accounts: WalletAccount[];
  merchants: StressMerchant[];
  /** Bank accounts customers withdraw to (named for the phones' inquiries). */
  customerDestinations: string[];
  receiver: WebhookReceiver;
  /**
   * Each account's money when the world was built, as the phone holds it and as the ledger counts
   * it (cash at the account): from then on, every rupiah that moves on a phone moves in the ledger.
   */
  cashAtStart: Map<string, { phone: bigint; ledger: bigint }>;
  close(): Promise<void>;
};

/** Each account's money as its phone holds it and as the ledger counts it (minor units). */
export async function cashOfAccounts(
  db: Database,
  fleet: Fleet,
  accounts: readonly WalletAccount[],
): Promise<Map<string, { phone: bigint; ledger: bigint }>> {
  const phones = new Map(fleet.wallets.accounts().map((a) => [a.id, BigInt(a.balance.replace('.', ''))]));
  const ledger = (
    (await db.execute(
      sql`select wallet_account_id as id, balance_minor::text as balance from ledger_accounts where kind = 'wallet_cash'`,
    )) as unknown as { rows: { id: string; balance: string }[] }
  ).rows;
  const kept = new Map(ledger.map((row) => [row.id, BigInt(row.balance)]));
  return new Map(
    accounts.map((account) => [
      account.id,
      { phone: phones.get(account.id) ?? 0n, ledger: kept.get(account.id) ?? 0n },
    ]),
  );
}

/** The merchants' webhook endpoint: answers 500 to a share of deliveries (they are retried). */
export type WebhookReceiver = { url: string; received: number; failed: number; close(): Promise<void> };

function startWebhookReceiver(failureRate: number, seed: number): Promise<WebhookReceiver> {
  const random = createRandom(seed);
  const receiver = { url: '', received: 0, failed: 0, close: async () => {} };
  const server: HttpServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.received += 1;
      const fail = random() < failureRate;
      if (fail) receiver.failed += 1;
      response.writeHead(fail ? 500 : 204).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      receiver.close = () => new Promise((done) => server.close(() => done()));
      resolve(receiver);
    });
  });
}

const FUNDING = 20_000_000n;

/**
 * The server's settings under stress: schedules that would add unrelated work are off, and every
 * deadline is seconds, so a run's transfers, confirmations and webhook retries end within it.
 */
export const STRESS_SERVER_ENV: Record<string, string> = {
  HEALTH_CHECK_SCHEDULE_MINUTES: '0',
  WALLET_CHECK_SCHEDULE_MINUTES: '0',
  PROXY_CHECK_SCHEDULE_MINUTES: '0',
  WALLET_COMMAND_DEADLINE_SECONDS: '3',
  TRANSFER_DEADLINE_SECONDS: '2',
  TRANSFER_HISTORY_LAG_SECONDS: '2',
  WITHDRAWAL_CONFIRM_SECONDS: '10',
  WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  SCHEDULER_TICK_MS: '200',
};

/**
 * What every stress run works in: phones with ready DANA accounts (they receive deposits and send
 * payouts), merchants created through the Admin API (real webhook secrets, a callback that fails
 * now and then, a deposit and a withdrawal fee), each with a console user, an API token, a verified
 * payout method and funds to withdraw.
 */
export async function buildStressWorld(
  server: StressTarget,
  options: { phones: number; merchants: number; webhookFailureRate: number },
): Promise<StressWorld> {
  const receiver = await startWebhookReceiver(options.webhookFailureRate, 99);
  // Its own fleet, alive across the file's tests (fleetOf's fleets stop after each test).
  const fleet = await startFleet({
    server: server.state.url,
    devices: { count: options.phones, prefix: 'stress' },
    auth: server.state.operator,
    latencyMs: 20,
    failureRate: 0,
    busyRate: 0,
    seed: 1,
    logger: silentLogger,
  });
  await fleet.whenOnline(options.phones, 15_000);
  const accounts: WalletAccount[] = [];
  for (let i = 1; i <= options.phones; i += 1) {
    accounts.push(await readyAccount(server, fleet, `stress-${String(i).padStart(3, '0')}`, '500000000'));
  }
  // Numbers ending in 0000 are the simulator's unknown accounts: none of these do.
  const customerDestinations = Array.from({ length: 5 }, (_, i) => `771${i + 1}345678`);
  for (const [i, number] of customerDestinations.entries()) fleet.wallets.nameDestination(number, `CUSTOMER ${i + 1}`);

  const merchants: StressMerchant[] = [];
  for (let i = 0; i < options.merchants; i += 1) {
    const code = `STRESS${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await adminCall(server, 'POST', '/merchants', {
      name: `Stress Shop ${i + 1}`,
      code,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '5000000',
      allowedMethods: ['dana'],
      depositFeePercent: '1.5',
      depositFeeFixed: '500',
      withdrawalFeePercent: '0.5',
      withdrawalFeeFixed: '1000',
      callbackUrl: receiver.url,
    });
    if (created.status !== 201) throw new Error(`merchant: ${created.status} ${JSON.stringify(created.body)}`);
    const id = (created.body as { id: string }).id;
    const user = await insertUser(server.database, { roleId: ROLE.Merchant, merchantId: id });
    const signedIn = await httpCall(server.state.url, {}, 'POST', '/auth/signin', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const userHeaders = { authorization: `Bearer ${(signedIn.body as { accessToken: string }).accessToken}` };
    const consoleCall = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await httpCall(server.state.url, userHeaders, method, url, payload);
      return { status: res.status, body: res.body as Record<string, unknown> };
    };
    const token = await consoleCall('POST', '/api-tokens', {
      name: 'Stress shop server',
      scopes: [...API_TOKEN_SCOPES],
    });
    const payoutNumber = `861${i + 1}987654`;
    fleet.wallets.nameDestination(payoutNumber, `STRESS SHOP ${i + 1}`);
    await consoleCall('POST', '/payout-methods', {
      provider: 'bca',
      accountNumber: payoutNumber,
      holderName: `Stress Shop ${i + 1}`,
    });
    const method = await eventually(
      async () => ((await consoleCall('GET', '/payout-methods')).body.items as { id: string; status: string }[])[0],
      (m) => m?.status === 'verified',
    );
    // Funds to withdraw from the first moment, as if earlier deposits had settled.
    await fundMerchant(server, id, accounts[0]?.id as string, FUNDING);
    merchants.push({
      id,
      userHeaders,
      apiHeaders: { authorization: `Bearer ${token.body.secret as string}` },
      payoutMethodId: method?.id as string,
    });
  }
  return {
    server,
    url: server.state.url,
    fleet,
    accounts,
    merchants,
    customerDestinations,
    receiver,
    cashAtStart: await cashOfAccounts(server.database.db, fleet, accounts),
    async close() {
      await fleet.stop();
      await receiver.close();
    },
  };
}
