import { getDevice, getDeviceSummary, listDevices, registerDevice, updateDevice } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices } from '../../db/schema';
import { type FleetTestApp, fleetTestApp, onlineAgent, register, send } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

describe('device registry (REST)', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: t.admin.headers });

  it('registers a device, shows its token once, stores only its hash, and audits it', async () => {
    const res = await t.app.inject({
      method: registerDevice.method,
      url: registerDevice.path,
      headers: t.admin.headers,
      payload: { name: '  Phone A1 ', label: 'rack 1', notes: 'spare', isSimulated: true },
    });
    expect(res.statusCode).toBe(201);
    const { device, token } = res.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(device).toMatchObject({
      name: 'Phone A1',
      label: 'rack 1',
      isSimulated: true,
      status: 'active',
      isOnline: false,
      isBusy: false,
      isReady: false,
      lastSeenAt: null,
      telemetry: null,
    });
    expect(device.health.sms).toMatchObject({ status: 0 });
    const again = await get(getDevice.path.replace(':id', device.id));
    expect(again.body).not.toContain(token);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.tokenHash).not.toBe(token);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.deviceRegistered), eq(auditLog.targetId, device.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses an invalid registration with the field named', async () => {
    const res = await t.app.inject({
      method: registerDevice.method,
      url: registerDevice.path,
      headers: t.admin.headers,
      payload: { name: ' ', extra: true },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields ?? {}).join(' ')).toContain('name');
  });

  it('edits name, label and notes, auditing the change, and answers 404 for an unknown device', async () => {
    const { device } = await register(t.app, t.admin.headers, 'Before');
    const res = await t.app.inject({
      method: updateDevice.method,
      url: updateDevice.path.replace(':id', device.id),
      headers: t.admin.headers,
      payload: { name: 'After', notes: 'moved' },
    });
    expect(res.json()).toMatchObject({ name: 'After', notes: 'moved', label: '' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.deviceUpdated), eq(auditLog.targetId, device.id)));
    expect(audit?.details).toMatchObject({ changes: { name: { from: 'Before', to: 'After' } } });
    const missing = await get(getDevice.path.replace(':id', '00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
  });

  it('lists with search, presence, busy and status filters and sorts; counts the summary', async () => {
    const tag = `f${Date.now()}`;
    const idle = await onlineAgent(t);
    const busy = await onlineAgent(t);
    await send(busy.socket, 'agent:busy', { isBusy: true });
    const offline = await register(t.app, t.admin.headers, `${tag} zulu`);
    for (const [id, name] of [
      [idle.device.id, `${tag} alpha`],
      [busy.device.id, `${tag} bravo`],
    ] as const) {
      await t.app.inject({ method: 'PATCH', url: `/devices/${id}`, headers: t.admin.headers, payload: { name } });
    }
    const names = async (query: string) =>
      (await get(`${listDevices.path}?q=${tag}&${query}`)).json().items.map((d: { name: string }) => d.name);
    expect(await names('sort=name')).toEqual([`${tag} alpha`, `${tag} bravo`, `${tag} zulu`]);
    expect(await names('sort=-name')).toEqual([`${tag} zulu`, `${tag} bravo`, `${tag} alpha`]);
    expect(await names('presence=online')).toEqual([`${tag} alpha`, `${tag} bravo`]);
    expect(await names('presence=offline')).toEqual([`${tag} zulu`]);
    expect(await names('busy=true')).toEqual([`${tag} bravo`]);
    expect(await names('health=unknown')).toHaveLength(3);
    expect(await names('health=healthy')).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/devices/${offline.device.id}/disable`, headers: t.admin.headers });
    expect(await names('status=disabled')).toEqual([`${tag} zulu`]);
    expect((await get(`${listDevices.path}?sort=sideways`)).statusCode).toBe(422);

    const summary = (await get(getDeviceSummary.path)).json();
    expect(summary).toMatchObject({ online: 2, busy: 1, healthy: 0, failing: 0 });
    expect(summary.total).toBeGreaterThanOrEqual(3);
    idle.socket.close();
    busy.socket.close();
  });
});
