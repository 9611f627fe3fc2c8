import type { AppContext } from '../../app-context';
import { type AgentLink, type AgentNamespace, createAgentLink } from '../agents/agent-link';
import { createHealthChecksRepository } from '../health-checks/health-checks.repository';
import { createHealthChecksService, type HealthChecksService } from '../health-checks/health-checks.service';
import type { Broadcaster } from '../realtime/broadcaster';
import { createDeviceConnectionsRepository, type DeviceConnectionsRepository } from './device-connections.repository';
import { createDevicesRepository, type DevicesRepository } from './devices.repository';
import { createDevicesService, type DevicesService } from './devices.service';
import { createFleetEvents, type FleetEvents } from './fleet-events';

/**
 * The device-fleet parts of one app, shared by the REST routes (devicesRoutes, registered first)
 * and the agent namespace (attachAgents, after realtime exists), which binds the socket.io parts.
 */
export type Fleet = {
  devices: DevicesRepository;
  connections: DeviceConnectionsRepository;
  events: FleetEvents;
  link: AgentLink;
  service: DevicesService;
  healthChecks: HealthChecksService;
  bind(agents: AgentNamespace, consoles: Broadcaster): void;
};

function createFleet(ctx: AppContext): Fleet {
  const devices = createDevicesRepository(ctx.db);
  const connections = createDeviceConnectionsRepository(ctx.db);
  const runs = createHealthChecksRepository(ctx.db);
  const events = createFleetEvents({ devices, logger: ctx.logger });
  const link = createAgentLink();
  return {
    devices,
    connections,
    events,
    link,
    service: createDevicesService({ devices, connections, runs, link, events, audit: ctx.audit }),
    healthChecks: createHealthChecksService({
      runs,
      devices,
      link,
      events,
      audit: ctx.audit,
      deadlineSeconds: ctx.config.HEALTH_CHECK_DEADLINE_SECONDS,
      logger: ctx.logger,
    }),
    bind(agents, consoles) {
      link.bind(agents);
      events.bind(consoles);
    },
  };
}

// Keyed by the app's context, so several apps in one process (tests, scale-out) never share one.
const fleets = new WeakMap<AppContext, Fleet>();

export function fleetOf(ctx: AppContext): Fleet {
  let fleet = fleets.get(ctx);
  if (!fleet) {
    fleet = createFleet(ctx);
    fleets.set(ctx, fleet);
  }
  return fleet;
}
