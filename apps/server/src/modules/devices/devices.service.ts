import type {
  Device,
  DeviceSummary,
  DeviceWithToken,
  DisconnectReason,
  ListDevicesQuery,
  RegisterDeviceBody,
  UpdateDeviceBody,
} from '@gerbang/contract';
import { notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AgentLink } from '../agents/agent-link';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { hashToken, newOpaqueToken } from '../auth/one-time-token';
import type { HealthChecksRepository } from '../health-checks/health-checks.repository';
import type { DeviceConnectionsRepository } from './device-connections.repository';
import { groupByDevice, type HealthState, healthStateOf, toDevice } from './device-view';
import type { DeviceRecord, DevicesRepository } from './devices.repository';
import type { FleetEvents } from './fleet-events';

export type Actor = { userId: string; ip: string };
type ListQuery = Omit<ListDevicesQuery, 'sort'> & { sort: NonNullable<ListDevicesQuery['sort']> };

export function createDevicesService(deps: {
  devices: DevicesRepository;
  connections: DeviceConnectionsRepository;
  runs: HealthChecksRepository;
  link: AgentLink;
  events: FleetEvents;
  audit: AuditRepository;
}) {
  const { devices, events } = deps;

  async function view(record: DeviceRecord): Promise<Device> {
    return toDevice(record, await deps.runs.latest([record.id]));
  }

  async function getRecord(id: string): Promise<DeviceRecord> {
    const record = await devices.findById(id);
    if (!record) throw notFound('Device');
    return record;
  }

  function record(actor: Actor, action: string, device: DeviceRecord, details: Record<string, unknown>) {
    return deps.audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'device',
      targetId: device.id,
      subject: device.name,
      ip: actor.ip,
      details,
    });
  }

  /** Logs why in the connection log first (the socket's own close then changes nothing), then drops it. */
  async function dropAgent(deviceId: string, reason: DisconnectReason['reason']) {
    await deps.connections.close(deviceId, reason);
    deps.link.kick(deviceId, reason);
  }

  async function listAll(query: ListQuery): Promise<{ device: Device; state: HealthState }[]> {
    const records = await devices.list({
      q: query.q || undefined,
      presence: query.presence,
      busy: query.busy === undefined ? undefined : query.busy === 'true',
      status: query.status,
      sort: query.sort,
    });
    const checks = groupByDevice(await deps.runs.latest(records.length > 200 ? undefined : records.map((r) => r.id)));
    return records
      .map((r) => ({ device: toDevice(r, checks.get(r.id) ?? []), state: healthStateOf(checks.get(r.id) ?? []) }))
      .filter((entry) => !query.health || entry.state === query.health);
  }

  return {
    async list(query: ListQuery) {
      return { items: (await listAll(query)).map((entry) => entry.device) };
    },

    async summary(): Promise<DeviceSummary> {
      const all = await listAll({ sort: 'name' });
      const count = (test: (entry: (typeof all)[number]) => boolean) => all.filter(test).length;
      return {
        total: all.length,
        online: count((e) => e.device.isOnline),
        busy: count((e) => e.device.isBusy),
        healthy: count((e) => e.state === 'healthy'),
        failing: count((e) => e.state === 'failing'),
      };
    },

    async get(id: string): Promise<Device> {
      return view(await getRecord(id));
    },

    async register(actor: Actor, body: Required<RegisterDeviceBody>): Promise<DeviceWithToken> {
      const token = newOpaqueToken();
      const device = await devices.insert({ ...body, tokenHash: hashToken(token) });
      await record(actor, AUDIT_ACTIONS.deviceRegistered, device, {
        name: device.name,
        isSimulated: device.isSimulated,
      });
      events.listChanged();
      return { device: await view(device), token };
    },

    async update(actor: Actor, id: string, body: UpdateDeviceBody): Promise<Device> {
      const target = await getRecord(id);
      const changes = Object.fromEntries(
        Object.entries(body).filter(
          ([key, value]) => value !== undefined && value !== target[key as keyof typeof body],
        ),
      ) as UpdateDeviceBody;
      if (Object.keys(changes).length === 0) return view(target);
      const updated = await devices.update(id, changes);
      if (!updated) throw notFound('Device');
      const diff = Object.fromEntries(
        Object.entries(changes).map(([key, to]) => [key, { from: target[key as keyof typeof changes], to }]),
      );
      await record(actor, AUDIT_ACTIONS.deviceUpdated, updated, { changes: diff });
      events.listChanged();
      return view(updated);
    },

    /** A new token, shown once; the old one matches nothing from now on and its agent is dropped. */
    async rotateToken(actor: Actor, id: string): Promise<DeviceWithToken> {
      await getRecord(id);
      const token = newOpaqueToken();
      const updated = await devices.rotateToken(id, hashToken(token));
      if (!updated) throw notFound('Device');
      await dropAgent(id, 'token_rotated');
      await record(actor, AUDIT_ACTIONS.deviceTokenRotated, updated, {});
      events.listChanged();
      return { device: await view(updated), token };
    },

    async disable(actor: Actor, id: string): Promise<Device> {
      const target = await getRecord(id);
      if (target.status === 'disabled') return view(target);
      const updated = await devices.update(id, { status: 'disabled' });
      if (!updated) throw notFound('Device');
      await dropAgent(id, 'disabled');
      await record(actor, AUDIT_ACTIONS.deviceDisabled, updated, { status: { from: 'active', to: 'disabled' } });
      events.listChanged();
      return view(updated);
    },

    async enable(actor: Actor, id: string): Promise<Device> {
      const target = await getRecord(id);
      if (target.status === 'active') return view(target);
      const updated = await devices.update(id, { status: 'active' });
      if (!updated) throw notFound('Device');
      await record(actor, AUDIT_ACTIONS.deviceEnabled, updated, { status: { from: 'disabled', to: 'active' } });
      events.listChanged();
      return view(updated);
    },

    busyMap: () => devices.busyMap(),

    async connections(id: string, query: { limit: number; cursor?: string }) {
      const rows = await deps.connections.page(id, query.limit, decodeKeysetCursor(query.cursor));
      // A log row goes with its device (the foreign key cascades): only an empty page can be an
      // unknown device's, so only that costs a second round trip.
      if (rows.length === 0) await getRecord(id);
      return toPage(rows, query.limit);
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
