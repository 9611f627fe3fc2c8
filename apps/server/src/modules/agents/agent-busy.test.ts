import { getDevice, getDeviceBusyStatusMap, ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/helpers/test-app';
import { devices } from '../../db/schema';
import { type ClientSocket, connect } from '../realtime/realtime.test-support';
import {
  type AgentClient,
  connectAgent,
  type FleetTestApp,
  fleetTestApp,
  hello,
  onlineAgent,
  register,
  send,
} from './agents.test-support';

describe('device busy status (a lease)', () => {
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

  const busyMap = async () =>
    (await t.app.inject({ url: getDeviceBusyStatusMap.path, headers: t.admin.headers })).json();
  const statusOf = (deviceId: string) =>
    new Promise<boolean>((resolve) => {
      const listener = (update: { deviceId: string; isBusy: boolean }) => {
        if (update.deviceId !== deviceId) return;
        console.off('device-status-update', listener);
        resolve(update.isBusy);
      };
      console.on('device-status-update', listener);
    });

  it('agent:busy sets the flag, tells the consoles at once, and shows in the busy map', async () => {
    const { device, socket } = await onlineAgent(t);
    open.push(socket);
    const update = statusOf(device.id);
    expect(await send(socket, 'agent:busy', { isBusy: true })).toEqual({ ok: true });
    expect(await update).toBe(true);
    expect((await busyMap())[device.id]).toBe(true);
    const res = await t.app.inject({ url: getDevice.path.replace(':id', device.id), headers: t.admin.headers });
    expect(res.json()).toMatchObject({ isBusy: true, isReady: false, isOnline: true });

    const idle = statusOf(device.id);
    await send(socket, 'agent:busy', { isBusy: false });
    expect(await idle).toBe(false);
    expect((await busyMap())[device.id]).toBe(false);
  });

  it('takes isBusy from hello', async () => {
    const { device, token } = await register(t.app, t.admin.headers);
    const update = statusOf(device.id);
    const socket = await connectAgent(t.url, { token });
    open.push(socket);
    expect(await hello(socket, { isBusy: true })).toMatchObject({ ok: true });
    expect(await update).toBe(true);
    expect((await busyMap())[device.id]).toBe(true);
  });

  it('releases busy when the agent disconnects', async () => {
    const { device, socket } = await onlineAgent(t, { isBusy: true });
    const released = statusOf(device.id);
    socket.close();
    expect(await released).toBe(false);
    expect((await busyMap())[device.id]).toBe(false);
  });

  it('releases a lease that ran out without renewal', async () => {
    const { device, socket } = await onlineAgent(t);
    open.push(socket);
    await send(socket, 'agent:busy', { isBusy: true });
    const released = statusOf(device.id);
    await t.database.db
      .update(devices)
      .set({ busyUntil: sql`now() - interval '1 second'` })
      .where(eq(devices.id, device.id));
    expect(await released).toBe(false);
    expect((await busyMap())[device.id]).toBe(false);
    expect(socket.connected).toBe(true);
  });
});
