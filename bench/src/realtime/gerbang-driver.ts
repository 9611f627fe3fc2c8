import { startFleet } from '@gerbang/simulator';
import type { DeviceDriver } from './device-driver';
import { warningCounter } from './device-driver';
import { benchDeviceName, benchDeviceToken } from './device-tokens';
import type { LoadSettings } from './load-protocol';

/**
 * The device simulator's phones (apps/simulator's startFleet, the code of `npm run sim`), each
 * speaking the agent protocol: its own websocket, hello, heartbeats every `heartbeatMs`, acked
 * busy changes. Their tokens are those the server child seeded. The simulator's own random busy
 * spells are off (busyRate 0): the load child drives busy itself, on a schedule it timestamps.
 */
export async function startGerbangDevices(settings: LoadSettings): Promise<DeviceDriver> {
  const secret = settings.tokenSecret;
  if (!secret) throw new Error('gerbang devices need the token secret of the seeded devices');
  const warnings = warningCounter();
  const startedAt = performance.now();
  const fleet = await startFleet({
    server: settings.url,
    // The id is learnt from the hello ack; without `auth` the simulator never needs it before.
    devices: Array.from({ length: settings.devices }, (_, i) => ({
      name: benchDeviceName(i),
      id: '',
      token: benchDeviceToken(secret, i),
    })),
    heartbeatMs: settings.heartbeatMs,
    busyRate: 0,
    failureRate: 0,
    seed: 1,
    connectSpreadMs: settings.connectSpreadMs,
    logger: { info() {}, warn: warnings.warn },
  });
  try {
    await fleet.whenOnline(settings.devices, settings.onlineTimeoutMs);
  } catch (error) {
    await fleet.stop();
    throw new Error(`${(error as Error).message}; first warnings: ${warnings.snapshot().firstWarnings.join(' | ')}`);
  }
  const { devices } = fleet;

  return {
    ids: devices.map((d) => d.deviceId),
    isOnline: (index) => devices[index]?.isOnline ?? false,
    setBusy(index, isBusy) {
      // SimulatedDevice.setBusy emits before its first await; the promise is the ack.
      void devices[index]?.setBusy(isBusy);
    },
    stats() {
      const s = fleet.stats();
      return { heartbeats: s.heartbeats, ackProblems: s.ackProblems, reconnects: s.reconnects, ...warnings.snapshot() };
    },
    stop: () => fleet.stop(),
    connectMs: Math.round(performance.now() - startedAt),
  };
}
