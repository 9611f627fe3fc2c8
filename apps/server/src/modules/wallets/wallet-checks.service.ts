import { randomUUID } from 'node:crypto';
import {
  type CommandResult,
  CURRENCY_OF_PROVIDER,
  HEALTH_CHECK_KEYS,
  HEALTH_CHECK_STATUS,
  parseAmount,
  type RunnableWalletCheck,
  type RunWalletChecksResponse,
  WALLET_CHECK_TYPES,
  type WalletCheckRun,
  type WalletCommandCheck,
  type WalletHealthCheckItem,
  type WalletQrCode,
  walletBalanceDataSchema,
  walletHistoryDataSchema,
  walletQrDataSchema,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AgentLink } from '../agents/agent-link';
import { COMMAND_ACK_TIMEOUT_MS, dispatchCommand } from '../agents/command-dispatch';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { HealthChecksRepository, RunOutcome, RunRecord } from '../health-checks/health-checks.repository';
import type { WalletEvents } from './wallet-events';
import type { WalletFailures } from './wallet-failures';
import type { WalletRecord } from './wallet-record';
import { parseReportedTransactions, type WalletTransactionsService } from './wallet-transactions.service';
import type { WalletsRepository } from './wallets.repository';

export type Initiator = { trigger: 'user'; userId: string; ip: string } | { trigger: 'schedule' };
type Skipped = RunWalletChecksResponse['skipped'][number];

/** The check's capability a phone must have declared (spec keys: healthCheckGetQrCode etc.). */
const capabilityOf = (type: WalletCommandCheck) => type;

function checkTypesFor(type: RunnableWalletCheck): WalletCommandCheck[] {
  return type === 'wallet' ? [...WALLET_CHECK_TYPES] : [type];
}

export function toWalletCheckRun(run: RunRecord): WalletCheckRun {
  return {
    id: run.id,
    accountId: run.walletAccountId as string,
    deviceId: run.deviceId,
    type: run.type as WalletCommandCheck,
    status: run.status,
    trigger: run.trigger,
    startedByUserId: run.startedByUserId,
    data: run.data ?? {},
    additionalData: run.additionalData ?? {},
    reason: run.reason as WalletCheckRun['reason'],
    message: run.message,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    deadlineAt: run.deadlineAt.toISOString(),
  };
}

/**
 * Wallet-level checks (balance, transfer capability, history) and QR fetches, with the device
 * checks' guarantees: CHECKING at once, one running per account and type, a refusal, a timeout or
 * a disconnect ends it FAILED, every run is kept. A result's data is checked against the contract
 * before the run is ended OK, and only then applied (balance, history rows, QR).
 */
export function createWalletChecksService(deps: {
  runs: HealthChecksRepository;
  wallets: WalletsRepository;
  transactions: WalletTransactionsService;
  failures: WalletFailures;
  link: AgentLink;
  events: WalletEvents;
  audit: AuditRepository;
  deadlineSeconds: number;
  logger: FastifyBaseLogger;
  /** A history read ended OK (withdrawal reconciliation listens): what it covered. */
  onHistoryRead?: (read: { accountId: string; finishedAt: string; reported: number; oldestAt: string | null }) => void;
}) {
  const { runs, wallets, events, logger } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Keeps health_state in step and tells the consoles: one item per run, with each account's current statuses. */
  async function announce(changed: RunRecord[]) {
    if (changed.length === 0) return;
    const accountIds = [...new Set(changed.map((r) => r.walletAccountId as string))];
    await wallets.refreshHealthState(accountIds);
    // The refreshed rows carry each account's latest run per type (health_latest).
    const records = await wallets.findManyById(accountIds);
    const items: WalletHealthCheckItem[] = [];
    for (const run of changed) {
      const record = records.find((r) => r.id === run.walletAccountId);
      if (!record) continue; // deleted meanwhile
      const data: Record<string, number> = {};
      for (const type of [...WALLET_CHECK_TYPES, 'get_qr_code'] as const) {
        const check = record.healthLatest[type];
        data[HEALTH_CHECK_KEYS[type]] = check?.status ?? HEALTH_CHECK_STATUS.Unknown;
      }
      items.push({
        accountId: record.id,
        deviceId: run.deviceId,
        provider: record.provider,
        data,
        processStatus: run.status,
        additionalData: {
          runId: run.id,
          type: run.type,
          trigger: run.trigger,
          reason: run.reason,
          message: run.message,
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
        },
      });
    }
    events.healthCheck(items);
    events.changed(accountIds);
  }

  /** A finished run counts towards (or resets) the account's failures in a row. */
  async function countOutcomes(ended: RunRecord[]) {
    for (const run of ended) {
      const accountId = run.walletAccountId as string;
      await deps.failures.record(
        accountId,
        run.status === HEALTH_CHECK_STATUS.OK
          ? { ok: true }
          : { ok: false, source: 'check', type: run.type, reason: run.reason ?? 'failed' },
      );
    }
  }

  async function endRun(commandId: string, outcome: RunOutcome, deviceId?: string) {
    const ended = await runs.finish({ commandId, deviceId, scope: 'wallet' }, outcome);
    if (!ended) return null;
    await announce([ended]);
    await countOutcomes([ended]);
    return ended;
  }

  async function dispatch(run: RunRecord, record: WalletRecord) {
    const outcome = await dispatchCommand(
      deps.link,
      run.deviceId,
      {
        id: run.commandId,
        type: 'wallet-check',
        deadlineAt: run.deadlineAt.toISOString(),
        payload: {
          account: { id: record.id, provider: record.provider, accountNumber: record.accountNumber },
          checkType: run.type as WalletCommandCheck,
        },
      },
      { ackTimeoutMs: Math.min(COMMAND_ACK_TIMEOUT_MS, deps.deadlineSeconds * 1000), logger },
    );
    if (outcome.kind !== 'failed') return;
    await endRun(run.commandId, {
      status: HEALTH_CHECK_STATUS.Failed,
      reason: outcome.reason,
      message: outcome.message,
    });
  }

  function dispatchInBackground(run: RunRecord, record: WalletRecord) {
    const job = dispatch(run, record)
      .catch((error) => logger.error({ err: error, runId: run.id }, 'wallet check dispatch failed'))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  /**
   * What a successful result means for the account, checked before anything is written; a result
   * whose data breaks the contract ends the run FAILED with the reason.
   */
  function readResult(record: WalletRecord, type: WalletCommandCheck, data: Record<string, unknown>) {
    if (type === 'get_balance') {
      const parsed = walletBalanceDataSchema.safeParse(data);
      const amount = parsed.success ? parseAmount(parsed.data.balance, CURRENCY_OF_PROVIDER[record.provider]) : null;
      if (!amount?.ok)
        return { error: `The phone reported an invalid balance: ${amount?.message ?? 'data.balance is missing'}` };
      return { apply: () => wallets.setBalance(record.id, amount.minor) };
    }
    if (type === 'transaction_history') {
      const parsed = walletHistoryDataSchema.safeParse(data);
      if (!parsed.success) return { error: 'The phone reported an invalid history: data.transactions' };
      const rows = parseReportedTransactions(record, parsed.data.transactions, 'history');
      if (!rows.ok) return { error: `The phone reported an invalid history: ${rows.message}` };
      return {
        apply: async () => {
          await deps.transactions.store(record, rows.rows);
          const times = rows.rows.map((row) => row.occurredAt.getTime());
          deps.onHistoryRead?.({
            accountId: record.id,
            finishedAt: new Date().toISOString(),
            reported: parsed.data.transactions.length,
            oldestAt: times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
          });
        },
      };
    }
    if (type === 'get_qr_code') {
      const parsed = walletQrDataSchema.safeParse(data);
      if (!parsed.success) return { error: 'The phone reported no QR code: data.qr' };
      return { apply: () => wallets.setQrCode(record.id, parsed.data.qr) };
    }
    return { apply: async () => {} };
  }

  async function start(initiator: Initiator, accountIds: string[], type: RunnableWalletCheck) {
    const started: RunRecord[] = [];
    const skipped: Skipped[] = [];
    const unique = [...new Set(accountIds)];
    const records = await wallets.findManyById(unique);
    const deadlineAt = () => new Date(Date.now() + deps.deadlineSeconds * 1000);
    const toSend: [RunRecord, WalletRecord][] = [];
    for (const accountId of unique) {
      const record = records.find((r) => r.id === accountId);
      if (!record) skipped.push({ accountId, reason: 'not_found' });
      else if (record.status !== 'active') skipped.push({ accountId, reason: 'account_disabled' });
      else if (!record.deviceIsOnline || record.deviceStatus !== 'active')
        skipped.push({ accountId, reason: 'device_offline' });
      else {
        const types = checkTypesFor(type).filter((t) => record.deviceCapabilities.includes(capabilityOf(t)));
        if (types.length === 0) skipped.push({ accountId, reason: 'unsupported' });
        for (const checkType of types) {
          const run = await runs.insertChecking({
            deviceId: record.deviceId,
            walletAccountId: record.id,
            type: checkType,
            trigger: initiator.trigger,
            startedByUserId: initiator.trigger === 'user' ? initiator.userId : null,
            commandId: randomUUID(),
            deadlineAt: deadlineAt(),
          });
          if (!run) {
            skipped.push({ accountId, reason: 'already_running' });
            continue;
          }
          started.push(run);
          toSend.push([run, record]);
        }
      }
    }
    await announce(started);
    if (initiator.trigger === 'user') {
      await deps.audit.insert({
        actorUserId: initiator.userId,
        action: AUDIT_ACTIONS.walletChecksStarted,
        targetType: 'wallet_account',
        targetId: unique.length === 1 ? (unique[0] as string) : null,
        ip: initiator.ip,
        details: { type, accountIds: unique, started: started.map((r) => r.id), skipped },
      });
    }
    for (const [run, record] of toSend) dispatchInBackground(run, record);
    return { started: started.map(toWalletCheckRun), skipped };
  }

  return {
    start,

    /** An agent's result for one of its wallet checks; false when it is not one (or no longer running). */
    async complete(deviceId: string, result: CommandResult): Promise<boolean> {
      const run = await runs.findChecking(result.commandId, deviceId, 'wallet');
      if (!run) return false;
      const record = await wallets.findById(run.walletAccountId as string);
      if (!record) return false;
      if (!result.ok) {
        const ended = await endRun(
          result.commandId,
          {
            status: HEALTH_CHECK_STATUS.Failed,
            reason: result.errorCode ?? 'failed',
            message: result.error ?? null,
            data: result.data ?? {},
            additionalData: result.additionalData ?? {},
          },
          deviceId,
        );
        // The phone says the app is not signed in to the account any more.
        if (ended && (result.errorCode === 'session_expired' || result.errorCode === 'not_logged_in')) {
          if (await wallets.setLoginStatus(record.id, 'session_expired', ['logged_in'])) events.changed([record.id]);
        }
        return ended !== null;
      }
      const read = readResult(record, run.type as WalletCommandCheck, result.data ?? {});
      if ('error' in read) {
        logger.warn({ runId: run.id, error: read.error }, 'wallet check result refused');
        const ended = await endRun(
          result.commandId,
          { status: HEALTH_CHECK_STATUS.Failed, reason: 'failed', message: read.error ?? null },
          deviceId,
        );
        return ended !== null;
      }
      // Guarded: a duplicate or late result ends nothing and applies nothing.
      const ended = await runs.finish(
        { commandId: result.commandId, deviceId, scope: 'wallet' },
        {
          status: HEALTH_CHECK_STATUS.OK,
          reason: null,
          message: null,
          data: result.data ?? {},
          additionalData: result.additionalData ?? {},
        },
      );
      if (!ended) return false;
      await read.apply();
      await announce([ended]);
      await countOutcomes([ended]);
      return true;
    },

    /** The phone went away: its accounts' running checks cannot finish. */
    async failAllOfDevice(deviceId: string) {
      await announce(await runs.failCheckingOf(deviceId, 'disconnected', 'wallet'));
    },

    /** Deadline sweep (a scheduled job: once per interval across instances). */
    async failOverdue() {
      const ended = await runs.failOverdue('wallet');
      await announce(ended);
      await countOutcomes(ended);
    },

    /** The schedule: all three wallet checks on every active, logged-in account whose phone is online. */
    async runScheduled() {
      const ids = await wallets.scheduledCheckTargets();
      if (ids.length > 0) await start({ trigger: 'schedule' }, ids, 'wallet');
    },

    async history(accountId: string, query: { limit: number; cursor?: string }) {
      const rows = await runs.walletPage(accountId, query.limit, decodeKeysetCursor(query.cursor));
      // A run goes with its account (the foreign key cascades): only an empty page can be an
      // unknown account's, so only that costs a second round trip.
      if (rows.length === 0 && !(await wallets.findById(accountId))) throw notFound('Wallet account');
      return toPage(rows, query.limit);
    },

    /** The QR last fetched, and how the last fetch went (a failure shows its reason). */
    async qrCode(accountId: string): Promise<WalletQrCode> {
      const record = await wallets.findById(accountId);
      if (!record) throw notFound('Wallet account');
      const last = record.healthLatest.get_qr_code;
      return {
        payload: record.qrPayload,
        readAt: record.qrReadAt?.toISOString() ?? null,
        lastFetch: last
          ? {
              status: last.status,
              reason: last.reason as NonNullable<WalletQrCode['lastFetch']>['reason'],
              message: last.message,
              startedAt: last.startedAt,
              finishedAt: last.finishedAt,
            }
          : null,
      };
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type WalletChecksService = ReturnType<typeof createWalletChecksService>;
