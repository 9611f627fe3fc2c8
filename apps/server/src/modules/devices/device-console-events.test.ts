import { randomUUID } from 'node:crypto';
import { can, HEALTH_CHECK_KEYS, HEALTH_CHECK_STATUS, ROLE, runHealthChecks } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/helpers/test-app';
import {
  answerCommands,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  onlineAgent,
  register,
  send,
} from '../agents/agents.test-support';
import { arrives, type ClientSocket, connect, next } from '../realtime/realtime.test-support';

describe('device events to the consoles', () => {
  let t: FleetTestApp;
  let staff: ClientSocket;
  let merchant: ClientSocket;
  beforeAll(async () => {
    t = await fleetTestApp();
    expect(can(ROLE.Staff, 'devices', 'view')).toBe(true);
    expect(can(ROLE.Merchant, 'devices', 'view')).toBe(false);
    staff = await connect(t.url, { token: (await signedInUser(t, ROLE.Staff)).accessToken });
    const merchantUser = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    merchant = await connect(t.url, { token: merchantUser.accessToken });
  });
  afterAll(async () => {
    staff.close();
    merchant.close();
    await t.close();
  });

  it('a console that connects gets the current connected map at once, a Merchant never', async () => {
    const { device, socket } = await onlineAgent(t);
    const admin = await signedInUser(t, ROLE.Admin);
    let first: Promise<[Record<string, boolean>]> | undefined;
    const lateSocket = await connect(t.url, {
      token: admin.accessToken,
      beforeConnect: (socket) => {
        first = next(socket, 'device:getConnected');
      },
    });
    expect((await first)?.[0]).toMatchObject({ [device.id]: true });
    const merchantUser = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    let merchantGotMap: Promise<boolean> | undefined;
    const lateMerchant = await connect(t.url, {
      token: merchantUser.accessToken,
      beforeConnect: (socket) => {
        merchantGotMap = arrives(socket, 'device:getConnected', 800);
      },
    });
    expect(await merchantGotMap).toBe(false);
    lateSocket.close();
    lateMerchant.close();
    socket.close();
  });

  it('device:refresh when the list changes, to roles that may view devices only', async () => {
    const [toStaff, toMerchant] = [next(staff, 'device:refresh'), arrives(merchant, 'device:refresh', 800)];
    await register(t.app, t.admin.headers);
    await expect(toStaff).resolves.toEqual([]);
    expect(await toMerchant).toBe(false);
  });

  it('presence, busy and health-check events with the spec payloads, never to a Merchant', async () => {
    const merchantGot = [
      arrives(merchant, 'device:getConnected', 2500),
      arrives(merchant, 'device-status-update', 2500),
      arrives(merchant, 'health-check', 2500),
    ];
    const maps: Record<string, boolean>[] = [];
    staff.on('device:getConnected', (map) => maps.push(map));
    const { device, socket } = await onlineAgent(t);
    await eventually(async () => maps.some((map) => map[device.id] === true));
    staff.off('device:getConnected');

    const busy = next(staff, 'device-status-update');
    await send(socket, 'agent:busy', { isBusy: true });
    expect((await busy)[0]).toEqual({ deviceId: device.id, isBusy: true });

    answerCommands(socket, () => ({ ok: true, data: { rttMs: 900 } }));
    const checking = next(staff, 'health-check');
    await t.app.inject({
      method: 'POST',
      url: runHealthChecks.path,
      headers: t.admin.headers,
      payload: { deviceIds: [device.id], type: 'sms' },
    });
    const [[first]] = await checking;
    expect(first).toMatchObject({
      deviceId: device.id,
      processStatus: HEALTH_CHECK_STATUS.Checking,
      data: {
        [HEALTH_CHECK_KEYS.sms]: HEALTH_CHECK_STATUS.Checking,
        [HEALTH_CHECK_KEYS.ip]: HEALTH_CHECK_STATUS.Unknown,
      },
      additionalData: { type: 'sms', trigger: 'user', reason: null, finishedAt: null },
    });
    const [[done]] = await next(staff, 'health-check');
    expect(done).toMatchObject({
      processStatus: HEALTH_CHECK_STATUS.OK,
      data: { [HEALTH_CHECK_KEYS.sms]: HEALTH_CHECK_STATUS.OK },
      additionalData: { runId: (first?.additionalData as { runId?: string } | undefined)?.runId, rttMs: 900 },
    });
    expect(await Promise.all(merchantGot)).toEqual([false, false, false]);
    socket.close();
  });

  it('an unauthenticated console socket is refused', async () => {
    await expect(connect(t.url, {})).rejects.toThrow('unauthorized');
  });
});
