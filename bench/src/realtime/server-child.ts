import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import type { ChildMessage, ParentMessage } from '../ipc';

const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type ServerChild = {
  name: string;
  url: string;
  usage(): Promise<ProcessUsage>;
  /** CPU-profiles the child's main thread (inspector), for the measured window only. */
  profileStart(): Promise<void>;
  profileStop(file: string): Promise<void>;
  stop(): Promise<void>;
};

/** What a process reports about itself (a subset of ../ipc.ts ChildUsage, which may carry more). */
export type ProcessUsage = {
  cpu: NodeJS.CpuUsage;
  elu: { idle: number; active: number };
  /** Event-loop delay since the previous probe (ms), when the process measures it. */
  loopDelay?: { p99: number; max: number };
};

export type Usage = {
  cpuPercent: number;
  cpuMs: number;
  eventLoopUtilization: number;
  loopDelayP99Ms?: number;
  loopDelayMaxMs?: number;
};

/** CPU (100% = one core, all threads) and event-loop utilization between two probes. */
export function usageBetween(before: ProcessUsage, after: ProcessUsage, wallMs: number): Usage {
  const cpuMs = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000;
  const active = after.elu.active - before.elu.active;
  const idle = after.elu.idle - before.elu.idle;
  return {
    cpuPercent: Math.round((cpuMs / wallMs) * 1000) / 10,
    cpuMs: Math.round(cpuMs),
    eventLoopUtilization: Math.round((active / (active + idle || 1)) * 1000) / 1000,
    // The later probe's delay covers the time since the earlier one: the window.
    ...(after.loopDelay
      ? {
          loopDelayP99Ms: Math.round(after.loopDelay.p99 * 10) / 10,
          loopDelayMaxMs: Math.round(after.loopDelay.max * 10) / 10,
        }
      : {}),
  };
}

/** This process's own usage, in the same shape as a child's. */
export function ownUsage(): ProcessUsage {
  const { idle, active } = performance.eventLoopUtilization();
  return { cpu: process.cpuUsage(), elu: { idle, active } };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
    else child.kill('SIGTERM');
  });
}

/**
 * Forks `entry` (relative to this folder) under `node --import tsx` and waits (at most
 * `readyTimeoutMs`, then kills it) for its 'ready' message; the children answer over ../ipc.ts.
 */
export function startServerChild(
  name: string,
  entry: string,
  env: Record<string, string> = {},
  readyTimeoutMs = 120_000,
): Promise<ServerChild> {
  const child = fork(fileURLToPath(new URL(entry, import.meta.url)), [], {
    cwd: BENCH_DIR,
    execArgv: ['--import', 'tsx', ...SERVER_NODE_FLAGS],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  function ask<T extends ChildMessage['type']>(message: ParentMessage, reply: T, timeoutMs = 30_000) {
    return new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`${name}: no '${reply}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (m: ChildMessage) => {
        if (m.type !== reply) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m as Extract<ChildMessage, { type: T }>);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  }

  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      void stopChild(child).then(() => reject(error));
    };
    const timer = setTimeout(() => fail(new Error(`${name} not ready within ${readyTimeoutMs} ms`)), readyTimeoutMs);
    const onExit = (code: number | null) => fail(new Error(`${name} exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: ChildMessage) => {
      if (message.type === 'failed') return fail(new Error(`${name} failed to start:\n${message.message}`));
      if (message.type !== 'ready') return fail(new Error(`${name}: unexpected ${message.type}`));
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({
        name,
        url: `http://127.0.0.1:${message.port}`,
        usage: () => ask({ type: 'usage' }, 'usage').then((m) => m.usage),
        profileStart: () => ask({ type: 'profile-start' }, 'profiled').then(() => {}),
        profileStop: (file) => ask({ type: 'profile-stop', file }, 'profiled', 120_000).then(() => {}),
        stop: () => stopChild(child),
      });
    });
  });
}
