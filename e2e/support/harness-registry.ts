/**
 * What global setup started, kept on globalThis: global setup and teardown run in the same
 * Playwright runner process but are loaded as separate modules.
 */
export type RunningHarness = {
  workDir: string;
  serverPid: number | undefined;
  /** Closed in reverse order of starting. */
  closers: Array<() => Promise<void>>;
};

const KEY = Symbol.for('gerbang.e2e.harness');
type WithHarness = typeof globalThis & { [KEY]?: RunningHarness };

export function registerHarness(harness: RunningHarness): void {
  (globalThis as WithHarness)[KEY] = harness;
}

export function takeHarness(): RunningHarness | undefined {
  const holder = globalThis as WithHarness;
  const harness = holder[KEY];
  delete holder[KEY];
  return harness;
}
