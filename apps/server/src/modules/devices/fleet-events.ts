import { can, type HealthCheckItem } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster } from '../realtime/broadcaster';
import type { DevicesRepository } from './devices.repository';

/** Presence and list changes arrive in bursts (a fleet reconnecting): one event per burst is enough. */
const COALESCE_MS = 100;

/**
 * Device events to the consoles, only to roles allowed to view devices (emitToArea). Busy and
 * health-check events go out at once; `device:getConnected` (read from the database, so every
 * instance sends the same truth) and `device:refresh` are coalesced.
 */
export function createFleetEvents(deps: { devices: DevicesRepository; logger: FastifyBaseLogger }) {
  let broadcaster: Broadcaster | null = null;
  let presenceTimer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();

  const connectedMap = async () => Object.fromEntries((await deps.devices.onlineIds()).map((id) => [id, true]));

  async function sendPresence() {
    presenceTimer = undefined;
    broadcaster?.emitToArea('devices', 'device:getConnected', await connectedMap());
    broadcaster?.emitToArea('devices', 'device:refresh');
  }

  return {
    bind(b: Broadcaster) {
      broadcaster = b;
      // A console that opens after the fleet is up gets the connected map at once, not on the next change.
      b.onConnect(async (socket) => {
        if (!can(socket.data.auth.roleId, 'devices', 'view')) return;
        socket.emit('device:getConnected', await connectedMap());
      });
    },
    statusUpdate(deviceId: string, isBusy: boolean) {
      broadcaster?.emitToArea('devices', 'device-status-update', { deviceId, isBusy });
    },
    healthCheck(items: HealthCheckItem[]) {
      if (items.length > 0) broadcaster?.emitToArea('devices', 'health-check', items);
    },
    /** Someone came online or went offline: the connected map and the list are stale. */
    presenceChanged() {
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = undefined;
      presenceTimer ??= setTimeout(() => {
        pending = sendPresence().catch((error) => deps.logger.error({ err: error }, 'device presence event failed'));
      }, COALESCE_MS);
    },
    /** The device list changed (register, edit, disable, enable, rotate). */
    listChanged() {
      if (presenceTimer) return; // the presence event carries a refresh too
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        broadcaster?.emitToArea('devices', 'device:refresh');
      }, COALESCE_MS);
    },
    /** Stops console events: the realtime server is closing and its Redis connections may be gone. */
    mute() {
      broadcaster = null;
    },
    async close() {
      broadcaster = null;
      clearTimeout(presenceTimer);
      clearTimeout(refreshTimer);
      await pending;
    },
  };
}
export type FleetEvents = ReturnType<typeof createFleetEvents>;
