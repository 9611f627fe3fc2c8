import { getDevice, listDeviceConnections } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCommands,
  connectAgent,
  droppedWithReason,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  hello,
  register,
} from './agents.test-support';

describe('a second connection with the same device token', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterAll(() => t.close());

  it('replaces the first, which is told why; the device stays online on the new one', async () => {
    const { device, token } = await register(t.app, t.admin.headers);
    const first = await connectAgent(t.url, { token });
    expect(await hello(first)).toMatchObject({ ok: true });
    const second = await connectAgent(t.url, { token });
    const dropped = droppedWithReason(first);
    expect(await hello(second)).toMatchObject({ ok: true });
    await expect(dropped).resolves.toMatchObject({ reason: 'replaced' });
    await new Promise((r) => setTimeout(r, 300));

    const read = async () =>
      (await t.app.inject({ url: getDevice.path.replace(':id', device.id), headers: t.admin.headers })).json();
    expect(await read()).toMatchObject({ isOnline: true });
    const log = (
      await t.app.inject({
        url: listDeviceConnections.path.replace(':id', device.id),
        headers: t.admin.headers,
      })
    ).json();
    expect(log.items).toHaveLength(2);
    expect(log.items[0]).toMatchObject({ disconnectedAt: null, reason: null });
    expect(log.items[1]).toMatchObject({ reason: 'replaced' });
    expect(log.items[1].disconnectedAt).not.toBeNull();

    // Commands reach the new connection.
    answerCommands(second, () => ({ ok: true, data: {} }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/devices/health-checks',
      headers: t.admin.headers,
      payload: { deviceIds: [device.id], type: 'sms' },
    });
    expect(res.json().started).toHaveLength(1);
    await eventually(async () => (await read()).health.sms.status === 1);

    second.close();
    await eventually(async () => !(await read()).isOnline);
  });
});
