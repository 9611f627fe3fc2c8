import { type DeviceWithToken, registerDevice } from '@gerbang/contract';
import { type Fleet, type SimulatedDevice, silentLogger, startFleet } from '../../apps/simulator/src/index';

export type { SimulatedDevice };

import { callApi, FIRST_ADMIN, signInByApi } from './api';
import { API_PORT } from './e2e-env';

export type SimulatedFleet = Fleet & { names: string[] };

let fleetCounter = 0;
/** A device-name prefix no other test (or earlier run against the same server) uses. */
export function uniqueFleetPrefix(label: string): string {
  fleetCounter += 1;
  return `${label}-${Date.now().toString(36)}-${fleetCounter}`;
}

/**
 * Registers `count` simulated devices with the first Admin's token (through the API, as an
 * operator would), then connects them as simulated phones in the test process, speaking the real
 * agent protocol, and resolves once every phone is online. They never go busy on their own, so
 * every check a test runs is started.
 * Their label is not the word 'Simulated', so that word on screen can only be the product's mark.
 */
export async function startSimulatedFleet(options: {
  prefix: string;
  count: number;
  /** Share of checks answered as failed, 0–1. */
  failureRate: number;
  /** Long enough that Checking is on screen before the answer replaces it. */
  latencyMs?: number;
}): Promise<SimulatedFleet> {
  const admin = await signInByApi(FIRST_ADMIN);
  const credentials = [];
  for (let index = 1; index <= options.count; index++) {
    const name = `${options.prefix}-${String(index).padStart(2, '0')}`;
    const { device, token } = await callApi<DeviceWithToken>(registerDevice, {
      token: admin.accessToken,
      body: { name, label: 'e2e fleet', isSimulated: true },
    });
    credentials.push({ name, id: device.id, token });
  }
  const fleet = await startFleet({
    server: `http://127.0.0.1:${API_PORT}`,
    devices: credentials,
    failureRate: options.failureRate,
    latencyMs: options.latencyMs ?? 2_000,
    busyRate: 0,
    heartbeatMs: 1_000,
    seed: 3,
    logger: silentLogger,
  });
  // Every phone's hello accepted before a test acts on it: a check run on a phone still
  // connecting is skipped as offline and never shows a result.
  await fleet.whenOnline();
  return Object.assign(fleet, { names: credentials.map((credential) => credential.name) });
}
