import { AGENT_EVENTS, AGENT_NAMESPACE, REALTIME_PATH } from '@gerbang/contract';
import { io, type Socket } from 'socket.io-client';
import { type DeviceDriver, waitFor, warningCounter } from './device-driver';
import type { LoadSettings } from './load-protocol';

const ACK_TIMEOUT_MS = 10_000;
/** The same shape and size as a simulated phone's heartbeat. */
const TELEMETRY = { battery: 80, isCharging: false, networkType: 'wifi', signal: 3, ip: '192.0.2.10' } as const;

/**
 * The baseline's devices: one plain socket.io client each (websocket, its own connection), the
 * same events and payload sizes as a simulated phone — heartbeat every `heartbeatMs` and busy
 * changes, each with an ack — but no hello, no token and no schema checks.
 */
export async function startBareDevices(settings: LoadSettings): Promise<DeviceDriver> {
  const warnings = warningCounter();
  const ids = Array.from({ length: settings.devices }, (_, i) => `bare-${String(i + 1).padStart(4, '0')}`);
  const sockets: Socket[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let heartbeats = 0;
  let ackProblems = 0;
  let connects = 0;

  const acked = (event: string) => (error: Error | null, answer?: { ok?: boolean }) => {
    if (error || answer?.ok !== true) {
      ackProblems += 1;
      warnings.warn(`${event}: ${error ? error.message : 'refused'}`);
    } else if (event === AGENT_EVENTS.heartbeat) {
      heartbeats += 1;
    }
  };

  const connectStartedAt = performance.now();
  ids.forEach((deviceId, index) => {
    const socket = io(`${settings.url}${AGENT_NAMESPACE}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { deviceId },
      autoConnect: false,
    });
    sockets.push(socket);
    socket.on('connect', () => {
      connects += 1;
      // Heartbeats start at a random point of the interval, like the simulator's.
      const first = setTimeout(() => {
        const beat = () => {
          if (socket.connected)
            socket
              .timeout(ACK_TIMEOUT_MS)
              .emit(AGENT_EVENTS.heartbeat, { telemetry: TELEMETRY }, acked(AGENT_EVENTS.heartbeat));
        };
        beat();
        const every = setInterval(beat, settings.heartbeatMs);
        timers.add(every);
        socket.once('disconnect', () => clearInterval(every));
      }, Math.random() * settings.heartbeatMs);
      timers.add(first);
    });
    socket.on('connect_error', (error) => warnings.warn(`${deviceId}: connect_error ${error.message}`));
    const open = setTimeout(() => socket.connect(), (settings.connectSpreadMs * index) / ids.length);
    timers.add(open);
  });

  const stop = async () => {
    for (const timer of timers) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    for (const socket of sockets) socket.disconnect();
  };
  try {
    await waitFor(
      () => sockets.every((s) => s.connected),
      settings.onlineTimeoutMs,
      () => `only ${sockets.filter((s) => s.connected).length} of ${ids.length} bare devices connected`,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ids,
    isOnline: (index) => sockets[index]?.connected ?? false,
    setBusy(index, isBusy) {
      sockets[index]?.timeout(ACK_TIMEOUT_MS).emit(AGENT_EVENTS.busy, { isBusy }, acked(AGENT_EVENTS.busy));
    },
    stats: () => ({ heartbeats, ackProblems, reconnects: Math.max(0, connects - ids.length), ...warnings.snapshot() }),
    stop,
    connectMs: Math.round(performance.now() - connectStartedAt),
  };
}
