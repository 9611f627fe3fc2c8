import { ROLE } from '@gerbang/contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { listen } from '../../server/src/modules/realtime/realtime.test-support';
import { createTestApp, signedInUser, TEST_PASSWORD, type TestApp } from '../../server/test/helpers/test-app';
import { type ControlApi, type Fleet, type FleetOptions, silentLogger, startControlApi, startFleet } from '../src';

/**
 * The real server, built in-process with the server's own test helpers and listening on a free
 * port, for one test file; fleets started with `fleetOf` are stopped after each test.
 */
export function serverUnderTest(env: Record<string, string> = {}) {
  const state = {
    testApp: undefined as unknown as TestApp,
    url: '',
    headers: {} as Record<string, string>,
    operator: { email: '', password: TEST_PASSWORD },
  };
  const fleets: Fleet[] = [];
  const controls: ControlApi[] = [];

  beforeAll(async () => {
    state.testApp = await createTestApp({ env: { HEALTH_CHECK_SCHEDULE_MINUTES: '0', ...env } });
    state.url = await listen(state.testApp.app);
    const admin = await signedInUser(state.testApp, ROLE.Admin);
    state.headers = admin.headers;
    state.operator.email = admin.user.email;
  });
  afterEach(async () => {
    await Promise.all(controls.splice(0).map((control) => control.close()));
    await Promise.all(fleets.splice(0).map((fleet) => fleet.stop()));
  });
  afterAll(async () => {
    await state.testApp?.close();
  });

  return {
    state,
    /** Starts `count` phones named `<prefix>-001…` (registered as needed) and waits until they are online. */
    async fleetOf(prefix: string, count: number, options: Partial<FleetOptions> = {}): Promise<Fleet> {
      const fleet = await startFleet({
        server: state.url,
        devices: { count, prefix },
        auth: state.operator,
        latencyMs: 50,
        failureRate: 0,
        busyRate: 0,
        seed: 1,
        logger: silentLogger,
        ...options,
      });
      fleets.push(fleet);
      await fleet.whenOnline(count, 15_000);
      return fleet;
    },
    async controlOf(fleet: Fleet): Promise<ControlApi> {
      const control = await startControlApi(fleet, 0);
      controls.push(control);
      return control;
    },
    /** Stops a fleet now (it is not stopped twice). */
    track(fleet: Fleet) {
      fleets.push(fleet);
      return fleet;
    },
  };
}

/** Reads until `accept` says yes; throws with the last value after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
