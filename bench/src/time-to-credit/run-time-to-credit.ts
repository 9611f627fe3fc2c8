import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type DepositView,
  getWallet,
  getWalletQrCode,
  payeeAccountOf,
  rotateMerchantWebhookSecret,
  runWalletChecks,
  updateMerchant,
  walletAccountSchema,
  walletQrCodeSchema,
} from '@gerbang/contract';
import { silentLogger, startFleet } from '@gerbang/simulator';
import { signInForToken } from '../api';
import { PROFILE_DIR } from '../child-server';
import { type LatencySummary, summarizeLatencies } from '../latency';
import { apiDatabaseUrl, type BenchPostgres, startBenchPostgres } from '../postgres';
import { postgresCpuMs } from '../postgres-cpu';
import { benchDeviceName, benchDeviceToken } from '../realtime/device-tokens';
import { type ServerChild, startServerChild, type Usage, usageBetween } from '../realtime/server-child';
import { BENCH_API_TOKEN, BENCH_MERCHANT_ID } from '../seed';
import { startWebhookStamper } from './webhook-stamper';

/**
 * Time to credit (issue 31): how long after a phone reports a customer's transfer the merchant's
 * server hears `payment_session.succeeded`. One Gerbang instance on PostgreSQL (a child process),
 * simulated phones with logged-in DANA accounts whose receive QR the server read over the
 * protocol, the bench merchant's callback on a loopback receiver that answers 204 at once. Open
 * loop: every 1/RATE s a customer's session is opened through `/v1`, and LEAD seconds later (the
 * customer reading the page and paying) paid its exact final amount on the account it was given;
 * the phone reports the transfer at once. Latency = the receiver's
 * stamp − the moment the transfer reached the phone (same process, same clock).
 *
 * Env: BENCH_CREDIT_RATE (50 payments/s), BENCH_CREDIT_SECONDS (120), BENCH_CREDIT_DEVICES (5; ten
 * accounts each), BENCH_CREDIT_LEAD_SECONDS (5), BENCH_CREDIT_DATABASE=pglite (the embedded default
 * instead: a diagnostic, the target is PostgreSQL's), BENCH_POSTGRES_URL, BENCH_CPU_PROF=1 (the server's CPU
 * profile over the payments, in bench/.results/profiles/time-to-credit.cpuprofile). Run alone: `node --import tsx bench/src/time-to-credit/run-time-to-credit.ts`.
 */
export const CREDIT_RESULTS_FILE = fileURLToPath(new URL('../../.results/time-to-credit.json', import.meta.url));
/** Issue 31: the merchant hears of a payment within half a second, p99, on one instance. */
export const CREDIT_TARGET = { p99Ms: 500 } as const;
/** How long the bench waits, after the last payment, for the last webhooks. */
const DRAIN_MS = 30_000;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export type CreditReport = {
  startedAt: string;
  machine: { cpus: number; node: string; loadAverage: number[] };
  settings: {
    database: 'postgres' | 'pglite';
    rate: number;
    seconds: number;
    leadSeconds: number;
    devices: number;
    accounts: number;
  };
  payments: { attempted: number; paid: number; notOffered: number; failed: number; credited: number; missing: number };
  /** Transfer reaching the phone → the merchant's receiver. */
  latencyMs: LatencySummary;
  /** Where it goes: the phone's report → the server wrote the success's event (credited, in the outbox) … */
  toOutboxMs: LatencySummary;
  /** … → the receiver had it (claim, signing, the POST). */
  outboxToReceiverMs: LatencySummary;
  server: Usage;
  /**
   * Where the two cores went over the payments (100 % = one core): PostgreSQL (postmaster and
   * backends; absent when it is not a local process) and this process (the merchant's server and
   * the customers: sessions opened, deposit pages read, webhooks received; the simulated phones).
   */
  postgresCpuPercent?: number;
  benchCpuPercent: number;
  verdict: 'PASS' | 'FAIL' | 'INVALID';
  note?: string;
};

type Payment = { sessionId: string; paidAt: number } | { failure: string };

const sleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

export async function runTimeToCreditBench(log: (message: string) => void = console.log): Promise<CreditReport> {
  const rate = envNumber('BENCH_CREDIT_RATE', 50);
  const seconds = envNumber('BENCH_CREDIT_SECONDS', 120);
  const devices = envNumber('BENCH_CREDIT_DEVICES', 5);
  const leadSeconds = envNumber('BENCH_CREDIT_LEAD_SECONDS', 5);
  const onPglite = process.env.BENCH_CREDIT_DATABASE === 'pglite';
  const accounts = devices * 10;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    const postgres: BenchPostgres | null = onPglite
      ? null
      : process.env.BENCH_POSTGRES_URL
        ? { url: process.env.BENCH_POSTGRES_URL, stop() {} }
        : await startBenchPostgres();
    cleanups.push(() => postgres?.stop());
    const secret = randomBytes(16).toString('hex');
    const admin = { email: 'credit-admin@bench.gerbang.test', password: randomBytes(12).toString('base64url') };
    const api: ServerChild = await startServerChild('gerbang', './gerbang-instance.ts', {
      ...(postgres ? { DATABASE_URL: apiDatabaseUrl(postgres) } : {}),
      BENCH_CONSOLE_USERS: JSON.stringify({ emails: [admin.email], password: admin.password }),
      BENCH_DEVICES: JSON.stringify({ count: devices, secret }),
      BENCH_WALLET_ACCOUNTS: String(accounts),
    });
    cleanups.push(() => api.stop());
    const stamper = await startWebhookStamper();
    cleanups.push(() => stamper.close());
    const fleet = await startFleet({
      server: api.url,
      devices: Array.from({ length: devices }, (_, i) => ({
        name: benchDeviceName(i),
        id: '',
        token: benchDeviceToken(secret, i),
      })),
      accountsSignedIn: true,
      latencyMs: 20,
      failureRate: 0,
      busyRate: 0,
      seed: 31,
      logger: silentLogger,
    });
    cleanups.push(() => fleet.stop());
    await fleet.whenOnline(devices, 60_000);

    // The operator's part: the merchant's callback and signing secret, and each account checked
    // over the protocol (the wallet check makes it healthy; a DANA session offers the account only
    // with its receive QR), as an operator readies a new phone.
    const token = await signInForToken(api.url, admin.email, admin.password);
    const asAdmin = (method: string, path: string, body?: object) =>
      fetch(`${api.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(json);
    const merchantPath = updateMerchant.path.replace(':id', BENCH_MERCHANT_ID);
    await asAdmin(updateMerchant.method, merchantPath, { callbackUrl: stamper.url });
    await asAdmin(
      rotateMerchantWebhookSecret.method,
      rotateMerchantWebhookSecret.path.replace(':id', BENCH_MERCHANT_ID),
    );
    const ids = fleet.wallets.accounts().map((account) => account.id);
    if (ids.length !== accounts) throw new Error(`the phones hold ${ids.length} accounts, not ${accounts}`);
    for (const type of ['wallet', 'get_qr_code'] as const) {
      await asAdmin(runWalletChecks.method, runWalletChecks.path, { accountIds: ids, type });
    }
    const readyBy = performance.now() + 120_000;
    for (const id of ids) {
      for (;;) {
        const account = walletAccountSchema.parse(await asAdmin(getWallet.method, getWallet.path.replace(':id', id)));
        const code = walletQrCodeSchema.parse(await asAdmin('GET', getWalletQrCode.path.replace(':id', id)));
        if (account.readiness.canReceive && code.payload) break;
        if (performance.now() > readyBy) {
          throw new Error(`account ${id} cannot receive after 120 s: ${account.readiness.reasons.join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const accountByNumber = new Map(fleet.wallets.accounts().map((account) => [account.accountNumber, account.id]));
    log(
      `time to credit (${onPglite ? 'PGlite' : 'PostgreSQL'}): ${devices} phones, ${accounts} DANA accounts ready; ${rate} payments/s for ${seconds} s`,
    );

    const runId = randomUUID().slice(0, 8);
    const merchantApi = { authorization: `Bearer ${BENCH_API_TOKEN}`, 'content-type': 'application/json' };
    /** Opens the session at once, and pays it at `payAt` (the customer takes a while to pay). */
    const pay = async (index: number, payAt: number): Promise<Payment> => {
      try {
        const amount = String((10 + (index % 890)) * 1000);
        const session = (await json(
          await fetch(`${api.url}/v1/payment-sessions`, {
            method: 'POST',
            headers: { ...merchantApi, 'idempotency-key': `credit-${runId}-${index}` },
            body: JSON.stringify({ referenceNumber: `CREDIT-${runId}-${index}`, amount, method: 'dana' }),
          }),
        )) as { id: string };
        const view = (await json(await fetch(`${api.url}/public/deposits/${session.id}`))) as DepositView;
        const accountId = accountByNumber.get(payeeAccountOf(view.instructions) ?? '');
        if (view.status !== 'awaiting_payment' || !accountId) return { failure: 'not_offered' };
        await sleepUntil(payAt);
        const paidAt = performance.now();
        fleet.wallets.deliverTransfer(accountId, { amount: view.finalAmount, counterpartyName: 'Bench Customer' });
        return { sessionId: session.id, paidAt };
      } catch (error) {
        return { failure: (error as Error).message };
      }
    };

    const total = Math.round(rate * seconds);
    const payments: Promise<Payment>[] = [];
    const profile = process.env.BENCH_CPU_PROF === '1';
    if (profile) await api.profileStart();
    const before = await api.usage();
    const databaseUrl = postgres ? apiDatabaseUrl(postgres) : undefined;
    const databaseBefore = databaseUrl ? postgresCpuMs(databaseUrl) : undefined;
    const benchBefore = process.cpuUsage();
    const startedAt = performance.now();
    for (let index = 0; index < total; index += 1) {
      const opensAt = startedAt + (index * 1000) / rate;
      await sleepUntil(opensAt);
      payments.push(pay(index, opensAt + leadSeconds * 1000));
    }
    const settled = await Promise.all(payments);
    const windowMs = performance.now() - startedAt;
    const server = usageBetween(before, await api.usage(), windowMs);
    const databaseAfter = databaseUrl ? postgresCpuMs(databaseUrl) : undefined;
    const benchCpu = process.cpuUsage(benchBefore);
    const percentOf = (cpuMs: number) => Math.round((cpuMs / windowMs) * 1000) / 10;
    if (profile) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      await api.profileStop(join(PROFILE_DIR, 'time-to-credit.cpuprofile'));
    }
    const paid = settled.filter((p): p is { sessionId: string; paidAt: number } => 'sessionId' in p);
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && paid.some((p) => !stamper.succeededAt.has(p.sessionId))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const latencies = paid.flatMap((p) => {
      const at = stamper.succeededAt.get(p.sessionId);
      return at === undefined ? [] : [at - p.paidAt];
    });
    // The event's createdAt is the server's wall clock; this process's performance clock shares it.
    const wall = (at: number) => performance.timeOrigin + at;
    const toOutbox = paid.flatMap((p) => {
      const written = stamper.writtenAt.get(p.sessionId);
      return written === undefined || Number.isNaN(written) ? [] : [written - wall(p.paidAt)];
    });
    const outboxToReceiver = paid.flatMap((p) => {
      const written = stamper.writtenAt.get(p.sessionId);
      const at = stamper.succeededAt.get(p.sessionId);
      return written === undefined || at === undefined || Number.isNaN(written) ? [] : [wall(at) - written];
    });
    const failures = settled.flatMap((p) => ('failure' in p ? [p.failure] : []));
    const latencyMs = summarizeLatencies(latencies);
    const missing = paid.length - latencies.length;
    const valid = paid.length >= total * 0.95;
    const report: CreditReport = {
      startedAt: new Date(Date.now() - windowMs).toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadAverage: loadavg() },
      settings: { database: onPglite ? 'pglite' : 'postgres', rate, seconds, leadSeconds, devices, accounts },
      payments: {
        attempted: total,
        paid: paid.length,
        notOffered: failures.filter((f) => f === 'not_offered').length,
        failed: failures.filter((f) => f !== 'not_offered').length,
        credited: latencies.length,
        missing,
      },
      latencyMs,
      toOutboxMs: summarizeLatencies(toOutbox),
      outboxToReceiverMs: summarizeLatencies(outboxToReceiver),
      server,
      ...(databaseBefore !== undefined && databaseAfter !== undefined
        ? { postgresCpuPercent: percentOf(databaseAfter - databaseBefore) }
        : {}),
      benchCpuPercent: percentOf((benchCpu.user + benchCpu.system) / 1000),
      verdict: !valid ? 'INVALID' : latencyMs.p99 < CREDIT_TARGET.p99Ms && missing === 0 ? 'PASS' : 'FAIL',
      ...(valid
        ? {}
        : { note: `only ${paid.length} of ${total} payments were made: ${failures.slice(0, 3).join('; ')}` }),
    };
    log(
      `time to credit: ${latencies.length}/${paid.length} credited (${missing} missing), p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, p99 ${latencyMs.p99} ms, max ${latencyMs.max} ms; server CPU ${server.cpuPercent} % → ${report.verdict} (target p99 < ${CREDIT_TARGET.p99Ms} ms)`,
    );
    log(
      `  CPU over the payments (100 % = one core): the server ${server.cpuPercent} %, PostgreSQL ${report.postgresCpuPercent ?? '—'} %, this bench (customers, merchant, phones) ${report.benchCpuPercent} %`,
    );
    log(
      `  the phone's report → the success written: p50 ${report.toOutboxMs.p50} ms, p99 ${report.toOutboxMs.p99} ms; written → received: p50 ${report.outboxToReceiverMs.p50} ms, p99 ${report.outboxToReceiverMs.p99} ms`,
    );
    if (report.note) log(`  ${report.note}`);
    mkdirSync(dirname(CREDIT_RESULTS_FILE), { recursive: true });
    writeFileSync(CREDIT_RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runTimeToCreditBench();
  process.exit(0);
}
