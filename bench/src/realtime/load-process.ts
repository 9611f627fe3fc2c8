import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadChildMessage, LoadParentMessage, LoadSettings } from './load-protocol';
import type { ProcessUsage } from './server-child';

const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type LoadProcess = {
  /** Connects the devices; resolves once every one is online. */
  start(settings: LoadSettings): Promise<Extract<LoadChildMessage, { type: 'online' }>>;
  toggleStart(): Promise<Extract<LoadChildMessage, { type: 'toggling' }>>;
  toggleStop(): Promise<Extract<LoadChildMessage, { type: 'toggled' }>>;
  usage(): Promise<ProcessUsage>;
  stop(): Promise<void>;
};

/** Forks device-load.ts (under `node --import tsx`); every request has a deadline, so nothing waits forever. */
export function startLoadProcess(): LoadProcess {
  const child: ChildProcess = fork(fileURLToPath(new URL('./device-load.ts', import.meta.url)), [], {
    cwd: BENCH_DIR,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  function ask<T extends LoadChildMessage['type']>(
    message: LoadParentMessage,
    reply: T,
    timeoutMs: number,
  ): Promise<Extract<LoadChildMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`device load: no '${reply}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`device load exited (${code}) while waiting for '${reply}'`));
      };
      const onMessage = (m: LoadChildMessage) => {
        if (m.type === 'failed') {
          done();
          reject(new Error(`device load failed: ${m.message}`));
        } else if (m.type === reply) {
          done();
          resolve(m as Extract<LoadChildMessage, { type: T }>);
        }
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(message);
    });
  }

  return {
    start: (settings) => ask({ type: 'start', settings }, 'online', settings.onlineTimeoutMs + 120_000),
    toggleStart: () => ask({ type: 'toggle-start' }, 'toggling', 10_000),
    toggleStop: () => ask({ type: 'toggle-stop' }, 'toggled', 30_000),
    usage: () => ask({ type: 'usage' }, 'usage', 10_000).then((m) => m.usage),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.connected) child.send({ type: 'stop' } satisfies LoadParentMessage);
        else child.kill('SIGTERM');
      }),
  };
}
