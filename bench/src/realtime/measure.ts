import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Consoles, connectConsoles } from './consoles';
import { analyseDeliveries, type DeliveryStats } from './deliveries';
import { startLoadProcess } from './load-process';
import { epochNow, type LoadMode, type LoadSettings, type LoadStats } from './load-protocol';
import { ownUsage, type ServerChild, type Usage, usageBetween } from './server-child';

export const PROFILE_DIR = fileURLToPath(new URL('../../.results/profiles', import.meta.url));

export type Topology = {
  id: string;
  title: string;
  mode: LoadMode;
  /** The instance the devices connect to, the one the consoles connect to (the same when single). */
  deviceServer: ServerChild;
  consoleServer: ServerChild;
  /** Every server process of the topology (their CPU is summed). */
  servers: ServerChild[];
  consoleTokens: (string | null)[];
  /** gerbang: the secret the seeded devices' tokens derive from. */
  tokenSecret?: string;
};

export type MeasureSettings = Omit<LoadSettings, 'mode' | 'url' | 'tokenSecret'> & {
  warmupSeconds: number;
  seconds: number;
  /** CPU-profile every server of the topology over the measured window. */
  profile: boolean;
  log(message: string): void;
};

export type ScenarioResult = {
  id: string;
  title: string;
  mode: LoadMode;
  windowSeconds: number;
  /** Busy changes per second sent in the window (each is one broadcast to every console). */
  eventsPerSecond: number;
  deliveries: DeliveryStats;
  /** Summed over the server processes (100% = one core), and per process. */
  serverCpuPercent: number;
  servers: (Usage & { name: string })[];
  load: Usage & LoadStats & { connectMs: number };
  /** The orchestrator (the consoles): its CPU and how late its event loop ran (measurement error). */
  consoles: Usage & { count: number; loopDelayP99Ms: number; loopDelayMaxMs: number; disconnects: number };
  loadAverage1m: number;
  profiles?: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const totalReceipts = (consoles: Consoles) =>
  consoles.receipts.reduce((sum, r) => sum + [...r.values()].reduce((s, list) => s + list.length / 2, 0), 0);

/** Waits until deliveries stop arriving (quiet for 1 s) or 10 s have passed. */
async function drain(consoles: Consoles) {
  const deadline = Date.now() + 10_000;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const now = totalReceipts(consoles);
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 1_000) {
      return;
    }
    await sleep(100);
  }
}

/**
 * One scenario: devices online (load child), consoles connected (here), busy toggling for a
 * warm-up and then the measured window; server CPU over the window; deliveries matched to sends.
 */
export async function measureScenario(topology: Topology, settings: MeasureSettings): Promise<ScenarioResult> {
  const { log } = settings;
  const load = startLoadProcess();
  let consoles: Consoles | undefined;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  try {
    log(`${topology.id}: connecting ${settings.devices} devices`);
    const online = await load.start({
      mode: topology.mode,
      url: topology.deviceServer.url,
      devices: settings.devices,
      heartbeatMs: settings.heartbeatMs,
      busyEveryMs: settings.busyEveryMs,
      connectSpreadMs: settings.connectSpreadMs,
      onlineTimeoutMs: settings.onlineTimeoutMs,
      ...(topology.tokenSecret ? { tokenSecret: topology.tokenSecret } : {}),
    });
    log(
      `${topology.id}: ${settings.devices} online in ${online.connectMs} ms; ${topology.consoleTokens.length} consoles`,
    );
    consoles = await connectConsoles(topology.consoleServer.url, topology.consoleTokens);
    await sleep(1_000); // presence events of the last hellos settle

    await load.toggleStart();
    await sleep(settings.warmupSeconds * 1000);

    const serverBefore = await Promise.all(topology.servers.map((s) => s.usage()));
    const loadBefore = await load.usage();
    const ownBefore = ownUsage();
    if (settings.profile) await Promise.all(topology.servers.map((s) => s.profileStart()));
    loopDelay.enable();
    const from = epochNow();
    const startedAt = performance.now();
    log(`${topology.id}: measuring ${settings.seconds} s`);
    await sleep(settings.seconds * 1000);

    const wallMs = performance.now() - startedAt;
    const toggled = await load.toggleStop();
    loopDelay.disable();
    const serverAfter = await Promise.all(topology.servers.map((s) => s.usage()));
    const loadAfter = await load.usage();
    const ownAfter = ownUsage();
    const loadAverage1m = Math.round((loadavg()[0] ?? 0) * 100) / 100;
    let profiles: string[] | undefined;
    if (settings.profile) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      profiles = topology.servers.map((s) => join(PROFILE_DIR, `realtime-${topology.id}-${s.name}.cpuprofile`));
      await Promise.all(topology.servers.map((s, i) => s.profileStop(profiles?.[i] as string)));
    }

    await drain(consoles);
    const deliveries = analyseDeliveries(toggled.log, consoles.receipts, { from, to: toggled.stoppedAt });
    const servers = topology.servers.map((s, i) => {
      const [before, after] = [serverBefore[i], serverAfter[i]];
      if (!before || !after) throw new Error(`${s.name}: no usage probe`);
      return { name: s.name, ...usageBetween(before, after, wallMs) };
    });
    const consoleStats = {
      count: topology.consoleTokens.length,
      loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      loopDelayMaxMs: Math.round(loopDelay.max / 1e5) / 10,
      disconnects: consoles.disconnects(),
    };
    return {
      id: topology.id,
      title: topology.title,
      mode: topology.mode,
      windowSeconds: Math.round((toggled.stoppedAt - from) / 100) / 10,
      eventsPerSecond: Math.round((deliveries.sent / ((toggled.stoppedAt - from) / 1000)) * 10) / 10,
      deliveries,
      serverCpuPercent: Math.round(servers.reduce((sum, s) => sum + s.cpuPercent, 0) * 10) / 10,
      servers,
      load: {
        ...usageBetween(loadBefore, loadAfter, wallMs),
        ...toggled.stats,
        connectMs: online.connectMs,
      },
      consoles: { ...usageBetween(ownBefore, ownAfter, wallMs), ...consoleStats },
      loadAverage1m,
      ...(profiles ? { profiles } : {}),
    };
  } finally {
    consoles?.close();
    await load.stop();
  }
}
