import { getDevice, listDeviceConnections, ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/helpers/test-app';
import { devices } from '../../db/schema';
import { type ClientSocket, connect, next } from '../realtime/realtime.test-support';
import { type AgentClient, eventually, type FleetTestApp, fleetTestApp, onlineAgent } from './agents.test-support';

describe('device presence (connection + heartbeats + reaper)', () => {
  let t: FleetTestApp;
  let console: ClientSocket;
  const open: AgentClient[] = [];
  beforeAll(async () => {
    t = await fleetTestApp({ SCHEDULER_TICK_MS: '100' });
    const staff = await signedInUser(t, ROLE.Staff);
    console = await connect(t.url, { token: staff.accessToken });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    console.close();
    await t.close();
  });

  const read = async (id: string) =>
    (await t.app.inject({ url: getDevice.path.replace(':id', id), headers: t.admin.headers })).json();
  const connectedMapWith = (predicate: (map: Record<string, boolean>) => boolean) =>
    eventually(async () => {
      const [map] = await next(console, 'device:getConnected');
      return predicate(map) ? map : null;
    }, 8000);

  it('is online from hello, in the connected map, and offline with a closed log row on disconnect', async () => {
    const refreshed = next(console, 'device:refresh');
    // Every map from now on (the console may still get the one sent when it connected, without this device).
    const maps: Record<string, boolean>[] = [];
    const collect = (map: Record<string, boolean>) => maps.push(map);
    console.on('device:getConnected', collect);
    const { device, socket } = await onlineAgent(t);
    await eventually(async () => (maps.some((map) => map[device.id] === true) ? true : null), 8000);
    console.off('device:getConnected', collect);
    await refreshed;
    const online = await read(device.id);
    expect(online).toMatchObject({ isOnline: true, isReady: true });
    expect(online.connectedAt).not.toBeNull();

    const mapOffline = connectedMapWith((map) => !map[device.id]);
    socket.close();
    await mapOffline;
    const offline = await read(device.id);
    expect(offline).toMatchObject({ isOnline: false, isReady: false, connectedAt: null });
    expect(offline.lastSeenAt).not.toBeNull();
    const log = (
      await t.app.inject({ url: listDeviceConnections.path.replace(':id', device.id), headers: t.admin.headers })
    ).json();
    expect(log.items).toEqual([expect.objectContaining({ reason: 'agent_disconnected', ip: expect.any(String) })]);
  });

  it('marks a device not heard from within the timeout offline, closes its log row and drops its socket', async () => {
    const { device, socket } = await onlineAgent(t);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    // As if its last heartbeat came an hour ago (its instance crashed, or the agent hung).
    await t.database.db
      .update(devices)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(devices.id, device.id));
    expect((await read(device.id)).isOnline).toBe(false);
    await dropped;
    await eventually(async () => {
      const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
      return row?.connectionId === null;
    });
    const log = (
      await t.app.inject({ url: listDeviceConnections.path.replace(':id', device.id), headers: t.admin.headers })
    ).json();
    expect(log.items[0]).toMatchObject({ reason: 'timeout' });
  });

  it('pages the connection log newest first', async () => {
    const { device, token, socket } = await onlineAgent(t);
    socket.close();
    for (let i = 0; i < 2; i += 1) {
      await eventually(async () => !(await read(device.id)).isOnline);
      const { connectAgent, hello } = await import('./agents.test-support');
      const again = await connectAgent(t.url, { token });
      await hello(again);
      again.close();
    }
    await eventually(async () => !(await read(device.id)).isOnline);
    const url = listDeviceConnections.path.replace(':id', device.id);
    const first = (await t.app.inject({ url: `${url}?limit=2`, headers: t.admin.headers })).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await t.app.inject({ url: `${url}?limit=2&cursor=${first.nextCursor}`, headers: t.admin.headers })
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const times = [...first.items, ...second.items].map((c: { connectedAt: string }) => Date.parse(c.connectedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(second.items[0]).toEqual({
      id: expect.any(String),
      deviceId: device.id,
      connectedAt: iso,
      disconnectedAt: iso,
      reason: 'agent_disconnected',
      ip: expect.any(String),
    });
    const unknown = await t.app.inject({
      url: listDeviceConnections.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
      headers: t.admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
