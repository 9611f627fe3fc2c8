import type { Fleet } from '../devices/fleet';
import type { PhoneWork } from './agent-connection';
import type { PresenceRepository } from './presence.repository';

/** How often silent devices and expired busy leases are looked for (once per interval across instances). */
export const PRESENCE_REAP_MS = 2000;

/**
 * Presence is heartbeat + TTL: a device not heard from within AGENT_PRESENCE_TIMEOUT_MS goes
 * offline (this covers an instance that crashed holding its agents), its checks fail and any
 * socket it still has is dropped so the agent reconnects cleanly. Busy is a lease: one that ran
 * out is released. Nothing is left stuck busy or checking.
 */
export function createPresenceReaper(deps: { fleet: Fleet; work: PhoneWork; presence: PresenceRepository }) {
  const { fleet, work, presence } = deps;
  return async function reap(): Promise<void> {
    const silent = await presence.reapSilent();
    for (const deviceId of silent) {
      fleet.link.kick(deviceId, null);
      fleet.events.statusUpdate(deviceId, false);
      await fleet.healthChecks.failAllOf(deviceId, 'disconnected');
      await work.deviceGone(deviceId);
    }
    if (silent.length > 0) fleet.events.presenceChanged();
    for (const deviceId of await presence.releaseExpiredBusy()) fleet.events.statusUpdate(deviceId, false);
  };
}
