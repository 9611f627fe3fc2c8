import { type DeviceBehaviour, type DeviceStats, noDeviceStats } from './device-types';
import { type ApiAuth, createGerbangApi } from './gerbang-api';
import { consoleLogger, type Logger } from './logger';
import { createRandom, deriveSeed, jitter, randomInt } from './prng';
import { type DeviceCredential, deviceNames, obtainDeviceToken, provisionDevices } from './register-devices';
import { SimulatedDevice } from './simulated-device';
import { readTokensFile, writeTokensFile } from './tokens-file';
import { type Fault, FaultBook, type FaultInput } from './wallets/faults';
import type { SimulatedAccountView, TransferInput } from './wallets/phone-wallets';

export type ChaosOptions = {
  /** A random online phone loses its connection this often. */
  everyMs: number;
  /** How long a phone that went away cleanly stays away. */
  offlineMs: number;
};
export const DEFAULT_CHAOS: ChaosOptions = { everyMs: 3_000, offlineMs: 10_000 };

export type FleetOptions = Partial<DeviceBehaviour> & {
  /** Base URL of the Gerbang server, e.g. http://localhost:8080. */
  server: string;
  /** Known tokens, or how many phones to register (or read from tokensFile) under `prefix`. */
  devices: DeviceCredential[] | { count: number; prefix?: string };
  /** Operator sign-in, to register missing devices and to renew tokens the server refuses. */
  auth?: ApiAuth;
  tokensFile?: string;
  chaos?: boolean | ChaosOptions;
  /** Same seed, same telemetry, latencies and failures. */
  seed?: number;
  logger?: Logger;
  /** Connections are opened over this span rather than all at once. */
  connectSpreadMs?: number;
};

export type FleetStats = DeviceStats & {
  devices: number;
  online: number;
  busy: number;
  retired: number;
  reconnects: number;
};

export type FleetAccount = SimulatedAccountView & { device: string; deviceId: string };

/** The fleet's wallet side: what a developer, a demo or a test does to the simulated accounts. */
export type FleetWallets = {
  accounts(): FleetAccount[];
  /** A customer pays into (or money leaves) an account; the phone reports it to the server. */
  deliverTransfer(accountId: string, transfer: TransferInput): ReturnType<SimulatedDevice['deliverTransfer']>;
  /** The code in the provider's last SMS to the account, while it is good. */
  lastOtp(accountId: string): { otp: string; expiresAt: string } | null;
  /** The holder name the simulated providers give this destination account when a phone asks. */
  nameDestination(accountNumber: string, holderName: string): void;
  injectFault(fault: FaultInput): Fault;
  faults(): readonly Fault[];
  clearFaults(id?: number): number;
};

export class UnknownAccountError extends Error {}

export type Fleet = {
  devices: SimulatedDevice[];
  wallets: FleetWallets;
  stats(): FleetStats;
  /** Resolves when `count` phones (default: all) have had their hello accepted. */
  whenOnline(count?: number, timeoutMs?: number): Promise<void>;
  /** Disconnects every phone and stops every timer. */
  stop(): Promise<void>;
};

export const DEFAULT_BEHAVIOUR: DeviceBehaviour = { latencyMs: 800, failureRate: 0.1, busyRate: 0.05 };

function renewerFor(options: FleetOptions, credential: DeviceCredential) {
  const { auth, tokensFile, server } = options;
  if (!auth) return undefined;
  return async () => {
    const renewed = await obtainDeviceToken(createGerbangApi(server, auth), credential.name, credential.id);
    if (tokensFile) {
      const tokens = await readTokensFile(tokensFile);
      tokens[credential.name] = { id: renewed.id, token: renewed.token };
      await writeTokensFile(tokensFile, tokens);
    }
    return renewed.token;
  };
}

/** Starts many simulated phones in this process: the programmatic face of `npm run sim`. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const logger = options.logger ?? consoleLogger;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const credentials = Array.isArray(options.devices)
    ? options.devices
    : await provisionDevices({
        server: options.server,
        names: deviceNames(options.devices.prefix ?? 'sim', options.devices.count),
        tokensFile: options.tokensFile,
        auth: options.auth,
      });
  const behaviour: DeviceBehaviour = {
    latencyMs: options.latencyMs ?? DEFAULT_BEHAVIOUR.latencyMs,
    failureRate: options.failureRate ?? DEFAULT_BEHAVIOUR.failureRate,
    busyRate: options.busyRate ?? DEFAULT_BEHAVIOUR.busyRate,
    heartbeatMs: options.heartbeatMs,
    otpTtlSeconds: options.otpTtlSeconds,
    accountsSignedIn: options.accountsSignedIn,
  };
  const faults = new FaultBook();
  const destinations = new Map<string, string>();
  const devices = credentials.map(
    (credential, index) =>
      new SimulatedDevice({
        server: options.server,
        credential,
        behaviour,
        random: createRandom(deriveSeed(seed, index)),
        logger,
        renewToken: renewerFor(options, credential),
        faults,
        destinations,
      }),
  );

  const timers = new Set<NodeJS.Timeout>();
  const spread = options.connectSpreadMs ?? Math.min(2_000, devices.length * 5);
  devices.forEach((device, index) => {
    const timer = setTimeout(() => device.start(), devices.length > 1 ? (spread * index) / devices.length : 0);
    timers.add(timer);
  });

  if (options.chaos) {
    const chaos = options.chaos === true ? DEFAULT_CHAOS : options.chaos;
    const random = createRandom(deriveSeed(seed, -1));
    const tick = setInterval(() => {
      const online = devices.filter((d) => d.isOnline);
      const victim = online[randomInt(random, 0, online.length - 1)];
      if (!victim) return;
      if (random() < 0.5) {
        logger.info(`chaos: dropping ${victim.name}'s connection`);
        victim.dropTransport();
      } else {
        const offlineMs = jitter(random, chaos.offlineMs, 0.5);
        logger.info(`chaos: ${victim.name} goes away for ${Math.round(offlineMs / 1000)}s`);
        victim.goOffline(offlineMs);
      }
    }, chaos.everyMs);
    timers.add(tick);
  }

  let stopping: Promise<void> | null = null;
  return {
    devices,
    wallets: fleetWallets(devices, faults, destinations),
    stats: () => fleetStats(devices),
    whenOnline(count = devices.length, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          const online = devices.filter((d) => d.isOnline).length;
          if (online >= count) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() - started > timeoutMs) {
            clearInterval(poll);
            reject(new Error(`only ${online} of ${count} simulated devices came online within ${timeoutMs} ms`));
          }
        }, 50);
      });
    },
    stop() {
      stopping ??= (async () => {
        for (const timer of timers) clearTimeout(timer);
        await Promise.all(devices.map((device) => device.stop()));
      })();
      return stopping;
    },
  };
}

function fleetWallets(devices: SimulatedDevice[], faults: FaultBook, destinations: Map<string, string>): FleetWallets {
  const phoneOf = (accountId: string) => {
    const device = devices.find((d) => d.wallets.has(accountId));
    if (!device) throw new UnknownAccountError(`no simulated phone has account ${accountId}`);
    return device;
  };
  return {
    accounts: () =>
      devices.flatMap((d) => d.wallets.list().map((a) => ({ ...a, device: d.name, deviceId: d.deviceId }))),
    deliverTransfer: (accountId, transfer) => phoneOf(accountId).deliverTransfer(accountId, transfer),
    lastOtp: (accountId) => phoneOf(accountId).wallets.lastOtp(accountId),
    nameDestination: (accountNumber, holderName) => void destinations.set(accountNumber, holderName),
    injectFault: (fault) => faults.add(fault),
    faults: () => faults.list(),
    clearFaults: (id) => faults.clear(id),
  };
}

export function fleetStats(devices: SimulatedDevice[]): FleetStats {
  const total: FleetStats = {
    devices: devices.length,
    online: 0,
    busy: 0,
    retired: 0,
    reconnects: 0,
    ...noDeviceStats(),
  };
  for (const device of devices) {
    if (device.isOnline) total.online += 1;
    if (device.isOnline && device.isBusy) total.busy += 1;
    if (device.state === 'retired') total.retired += 1;
    total.reconnects += Math.max(0, device.stats.connects - 1);
    for (const key of Object.keys(device.stats) as (keyof DeviceStats)[]) total[key] += device.stats[key];
  }
  return total;
}

/** The CLI's periodic one-liner. */
export function formatStatus(stats: FleetStats): string {
  const parts = [
    `${stats.online}/${stats.devices} online`,
    `${stats.busy} busy`,
    `checks answered ${stats.checksAnswered} (${stats.checksFailed} failed, ${stats.resultsDropped} dropped)`,
    `wallet commands ${stats.walletCommandsAnswered}`,
    `transfers reported ${stats.transfersReported}`,
    `heartbeats ${stats.heartbeats}`,
    `reconnects ${stats.reconnects}`,
  ];
  if (stats.retired > 0) parts.push(`${stats.retired} retired`);
  if (stats.ackProblems > 0) parts.push(`${stats.ackProblems} ack problems`);
  return parts.join(' · ');
}
