import {
  AGENT_CONNECT_ERRORS,
  disableDevice,
  enableDevice,
  listDeviceConnections,
  rotateDeviceToken,
} from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  connectAgent,
  droppedWithReason,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  hello,
  onlineAgent,
} from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

describe('device tokens: rotate, disable, enable', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, id: string) =>
    t.app.inject({ method: 'POST', url: path.replace(':id', id), headers: t.admin.headers });
  const audited = async (action: string, id: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)))
    ).length;
  const lastLogReason = async (id: string) =>
    (await t.app.inject({ url: listDeviceConnections.path.replace(':id', id), headers: t.admin.headers })).json()
      .items[0]?.reason;

  it('rotating drops the connected agent (token_rotated), refuses the old token at once and accepts the new one', async () => {
    const { device, token, socket } = await onlineAgent(t);
    const dropped = droppedWithReason(socket);
    const res = await post(rotateDeviceToken.path, device.id);
    expect(res.statusCode).toBe(200);
    const rotated = res.json();
    expect(rotated.token).not.toBe(token);
    expect(Date.parse(rotated.device.tokenRotatedAt)).toBeGreaterThanOrEqual(Date.parse(device.tokenRotatedAt));
    await expect(dropped).resolves.toMatchObject({ reason: 'token_rotated' });
    await expect(connectAgent(t.url, { token })).rejects.toThrow(AGENT_CONNECT_ERRORS.unauthorized);
    const fresh = await connectAgent(t.url, { token: rotated.token });
    expect(await hello(fresh)).toMatchObject({ ok: true });
    fresh.close();
    expect(await audited(AUDIT_ACTIONS.deviceTokenRotated, device.id)).toBe(1);
    await eventually(async () => (await lastLogReason(device.id)) === 'agent_disconnected');
    const log = (
      await t.app.inject({ url: listDeviceConnections.path.replace(':id', device.id), headers: t.admin.headers })
    ).json();
    expect(log.items[1].reason).toBe('token_rotated');
  });

  it('disabling drops the agent (disabled) and refuses reconnects with device_disabled until enabled', async () => {
    const { device, token, socket } = await onlineAgent(t);
    const dropped = droppedWithReason(socket);
    const res = await post(disableDevice.path, device.id);
    expect(res.json()).toMatchObject({ status: 'disabled', isReady: false });
    await expect(dropped).resolves.toMatchObject({ reason: 'disabled' });
    await expect(connectAgent(t.url, { token })).rejects.toThrow(AGENT_CONNECT_ERRORS.disabled);
    expect(await lastLogReason(device.id)).toBe('disabled');

    expect((await post(enableDevice.path, device.id)).json()).toMatchObject({ status: 'active' });
    const back = await connectAgent(t.url, { token });
    expect(await hello(back)).toMatchObject({ ok: true });
    back.close();
    expect(await audited(AUDIT_ACTIONS.deviceDisabled, device.id)).toBe(1);
    expect(await audited(AUDIT_ACTIONS.deviceEnabled, device.id)).toBe(1);
  });

  it('a hello on a connection made before the rotation is refused and the device stays offline', async () => {
    const { device, token, socket } = await onlineAgent(t);
    socket.close();
    // Its first connection's end is recorded (offline) before the next one: then only the refused
    // hello could bring it online. (A busy server still counted the first one online.)
    await eventually(async () => (await lastLogReason(device.id)) === 'agent_disconnected');
    const early = await connectAgent(t.url, { token });
    await post(rotateDeviceToken.path, device.id);
    expect(await hello(early)).toMatchObject({ ok: false });
    const res = await t.app.inject({ url: `/devices/${device.id}`, headers: t.admin.headers });
    expect(res.json().isOnline).toBe(false);
    early.close();
  });
});
