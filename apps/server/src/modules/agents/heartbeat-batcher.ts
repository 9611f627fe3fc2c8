import type { Telemetry } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { HeartbeatEntry } from './presence.repository';

/** Heartbeats are written at most this often: 1,000 devices at 1/s become one statement per second. */
export const HEARTBEAT_FLUSH_MS = 1000;

/**
 * Keeps the latest heartbeat of each device in memory and writes them together. A device's
 * presence lags by at most one flush, far inside AGENT_PRESENCE_TIMEOUT_MS.
 */
export function createHeartbeatBatcher(deps: {
  write: (entries: HeartbeatEntry[]) => Promise<void>;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let pending = new Map<string, HeartbeatEntry>();
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (pending.size === 0) return Promise.resolve();
    const entries = [...pending.values()];
    pending = new Map();
    flushing = deps
      .write(entries)
      .catch((error) => deps.logger.error({ err: error, count: entries.length }, 'heartbeat flush failed'))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  return {
    record(deviceId: string, connectionId: string, telemetry: Telemetry) {
      pending.set(deviceId, { deviceId, connectionId, telemetry, seenAt: new Date() });
    },
    start() {
      timer = setInterval(() => void flush(), deps.intervalMs ?? HEARTBEAT_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
export type HeartbeatBatcher = ReturnType<typeof createHeartbeatBatcher>;
