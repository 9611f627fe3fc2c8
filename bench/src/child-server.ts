import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { pinServer } from './cpu-pinning';
import type { ChildMessage, ChildUsage, ParentMessage } from './ipc';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
export const PROFILE_DIR = fileURLToPath(new URL('../.results/profiles', import.meta.url));

export type ServerChild = {
  name: string;
  url: string;
  detail: Record<string, unknown>;
  usage(): Promise<ChildUsage>;
  /** CPU-profiles the child's main thread (only the measured window, not startup or seeding). */
  profileStart(): Promise<void>;
  profileStop(file: string): Promise<void>;
  /** The bare server: serve this answer body from memory as GET /memory-page. */
  holdPage(body: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts `entry` (a .ts file in this folder) under `node --import tsx` and waits for its
 * 'ready' message.
 */
export function startServerChild(
  name: string,
  entry: string,
  env: Record<string, string> = {},
  /** The node binary to run it on (the bench's own by default). */
  runtime: string = process.execPath,
): Promise<ServerChild> {
  // Run as the product runs its server (npm start's flags), the bare reference alike.
  const execArgv = ['--import', 'tsx', ...SERVER_NODE_FLAGS];
  const child = fork(fileURLToPath(new URL(entry, import.meta.url)), [], {
    cwd: BENCH_DIR,
    execPath: runtime,
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  pinServer(child.pid);
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: ChildMessage) => {
      child.off('exit', onExit);
      if (message.type === 'failed') return reject(new Error(`${name} failed to start:\n${message.message}`));
      if (message.type !== 'ready') return reject(new Error(`${name}: unexpected ${message.type}`));
      resolve(wrap(name, child, `http://127.0.0.1:${message.port}`, message.detail ?? {}));
    });
  });
}

function ask<T extends ChildMessage['type']>(
  child: ChildProcess,
  message: ParentMessage,
  reply: T,
): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type !== reply) return;
      child.off('message', onMessage);
      resolve(m as Extract<ChildMessage, { type: T }>);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

function wrap(name: string, child: ChildProcess, url: string, detail: Record<string, unknown>): ServerChild {
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[bench] ${name} ended before it was stopped (exit code ${code}, signal ${signal})`);
  });
  return {
    name,
    url,
    detail,
    usage: () => ask(child, { type: 'usage' }, 'usage').then((m) => m.usage),
    profileStart: () => ask(child, { type: 'profile-start' }, 'profiled').then(() => {}),
    profileStop: (file) => ask(child, { type: 'profile-stop', file }, 'profiled').then(() => {}),
    holdPage: (body) => ask(child, { type: 'hold-page', body }, 'held').then(() => {}),
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' });
      }),
  };
}

/** CPU share (of one core) and event-loop utilization of a child between two usage probes. */
export function usageBetween(before: ChildUsage, after: ChildUsage, wallMs: number) {
  const cpuMs = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000;
  const active = after.elu.active - before.elu.active;
  const idle = after.elu.idle - before.elu.idle;
  return {
    cpuPercent: Math.round((cpuMs / wallMs) * 1000) / 10,
    cpuMs: Math.round(cpuMs),
    /** The share of that CPU spent in the kernel (sockets, wake-ups), in per cent. */
    systemPercent: cpuMs > 0 ? Math.round((after.cpu.system - before.cpu.system) / cpuMs / 10) : 0,
    loopDelayMaxMs: Math.round(after.loopDelay.max),
    loopDelayP99Ms: Math.round(after.loopDelay.p99),
    eventLoopUtilization: Math.round((active / (active + idle)) * 1000) / 1000,
  };
}
