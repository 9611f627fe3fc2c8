import type { LoadStats } from './load-protocol';

/** A connected fleet the load child can toggle: the simulator's phones or the baseline's plain clients. */
export type DeviceDriver = {
  /** Device ids by index (known once every device is online). */
  ids: string[];
  isOnline(index: number): boolean;
  /** Emits the busy change at once (synchronously), so a timestamp taken just before is its send time. */
  setBusy(index: number, isBusy: boolean): void;
  stats(): Omit<LoadStats, 'busySent' | 'busySkipped'>;
  stop(): Promise<void>;
  connectMs: number;
};

/** Keeps the number of warnings and the first few, for the report. */
export function warningCounter(keep = 5) {
  const first: string[] = [];
  let count = 0;
  return {
    warn(message: string) {
      count += 1;
      if (first.length < keep) first.push(message);
    },
    snapshot: () => ({ warnings: count, firstWarnings: [...first] }),
  };
}

/** Resolves when `test` holds, polling; rejects with `what` after `timeoutMs`. */
export function waitFor(test: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (test()) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(what()));
      }
    }, 50);
  });
}
