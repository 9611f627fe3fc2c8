import type { AgentAck, CommandResult, WalletProvider, WalletTransactionsReport } from '@gerbang/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { refuse } from '../agents/agent-inbound';
import { fleetOf } from '../devices/fleet';
import { createHealthChecksRepository } from '../health-checks/health-checks.repository';
import { createProxiesRepository } from '../proxies/proxies.repository';
import type { Broadcaster } from '../realtime/broadcaster';
import { createWalletChecksService, type WalletChecksService } from './wallet-checks.service';
import { createWalletEvents, type WalletEvents } from './wallet-events';
import { createWalletFailures } from './wallet-failures';
import { createWalletLoginRepository } from './wallet-login.repository';
import { createWalletLoginService, type WalletLoginService } from './wallet-login.service';
import { createWalletTransactionsRepository } from './wallet-transactions.repository';
import {
  createWalletTransactionsService,
  parseReportedTransactions,
  type WalletTransactionsService,
} from './wallet-transactions.service';
import { createWalletViewFactsRepository } from './wallet-view-facts.repository';
import { createWalletsRepository, type WalletsRepository } from './wallets.repository';
import { createWalletsService, type WalletsService } from './wallets.service';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The wallet-account parts of one app: the REST routes use the services; the agent namespace
 * routes phone traffic here (command results, transaction reports, a phone going away) and asks
 * which accounts a phone holds.
 */
export type Wallets = {
  repo: WalletsRepository;
  service: WalletsService;
  checks: WalletChecksService;
  login: WalletLoginService;
  transactions: WalletTransactionsService;
  events: WalletEvents;
  bind(consoles: Broadcaster): void;
  /** A command result for a wallet check or login step of this phone; false when it is neither. */
  completeCommand(deviceId: string, result: CommandResult): Promise<boolean>;
  /** Transfers a phone saw on one of its accounts (agent event wallet:transactions). */
  reportTransactions(deviceId: string, report: WalletTransactionsReport): Promise<AgentAck>;
  /** The phone's agent is gone: nothing it was doing for its accounts can finish. */
  deviceGone(deviceId: string): Promise<void>;
  refsOfDevice(deviceId: string): Promise<{ id: string; provider: WalletProvider; accountNumber: string }[]>;
  drain(): Promise<void>;
};

function createWallets(ctx: AppContext): Wallets {
  const fleet = fleetOf(ctx);
  const secretBox = createSecretBox(ctx.config.ENCRYPTION_KEYS);
  const repo = createWalletsRepository(ctx.db);
  const logins = createWalletLoginRepository(ctx.db);
  const proxies = createProxiesRepository(ctx.db);
  const events = createWalletEvents();
  const failures = createWalletFailures({
    repo,
    audit: ctx.audit,
    events,
    limit: ctx.config.WALLET_AUTO_DISABLE_AFTER_FAILURES,
    logger: ctx.logger,
  });
  const transactions = createWalletTransactionsService({
    repo: createWalletTransactionsRepository(ctx.db),
    wallets: repo,
    events,
    onIncomingStored: (accountId) => ctx.events.emit('wallet.incoming_stored', { accountId }),
    onOutgoingStored: (accountId) => ctx.events.emit('wallet.outgoing_stored', { accountId }),
  });
  const service = createWalletsService({
    repo,
    facts: createWalletViewFactsRepository(ctx.db),
    logins,
    devices: fleet.devices,
    proxies,
    audit: ctx.audit,
    secretBox,
    link: fleet.link,
    events,
  });
  const deadlineSeconds = ctx.config.WALLET_COMMAND_DEADLINE_SECONDS;
  const checks = createWalletChecksService({
    runs: createHealthChecksRepository(ctx.db),
    wallets: repo,
    transactions,
    failures,
    link: fleet.link,
    events,
    audit: ctx.audit,
    deadlineSeconds,
    logger: ctx.logger,
    onHistoryRead: (read) => ctx.events.emit('wallet.history_read', read),
  });
  const login = createWalletLoginService({
    logins,
    wallets: repo,
    proxies,
    openCredentials: service.openCredentials,
    secretBox,
    link: fleet.link,
    events,
    failures,
    audit: ctx.audit,
    deadlineSeconds,
    logger: ctx.logger,
  });

  return {
    repo,
    service,
    checks,
    login,
    transactions,
    events,
    bind: (consoles) => events.bind(consoles),
    async completeCommand(deviceId, result) {
      return (await checks.complete(deviceId, result)) || login.complete(deviceId, result);
    },
    async reportTransactions(deviceId, report) {
      const record = isUuid(report.accountId) ? await repo.findById(report.accountId) : null;
      // A phone speaks only for the accounts on it.
      if (!record || record.deviceId !== deviceId) {
        return refuse('UNKNOWN_ACCOUNT', `Account ${report.accountId} is not on this phone; nothing was stored`);
      }
      const parsed = parseReportedTransactions(record, report.transactions, 'push');
      if (!parsed.ok) return refuse('INVALID_PAYLOAD', `Invalid payload: ${parsed.message}`);
      await transactions.store(record, parsed.rows);
      return { ok: true };
    },
    async deviceGone(deviceId) {
      await checks.failAllOfDevice(deviceId);
      await login.failAllOfDevice(deviceId);
    },
    refsOfDevice: (deviceId) => repo.refsOfDevice(deviceId),
    async drain() {
      await checks.drain();
      await login.drain();
      events.close();
    },
  };
}

// Keyed by the app's context, so several apps in one process (tests, scale-out) never share one.
const all = new WeakMap<AppContext, Wallets>();

export function walletsOf(ctx: AppContext): Wallets {
  let wallets = all.get(ctx);
  if (!wallets) {
    wallets = createWallets(ctx);
    all.set(ctx, wallets);
  }
  return wallets;
}
