import { DEVICE_CHECK_TYPES, HEALTH_CHECK_STATUS, listDeviceHealthChecks, runHealthChecks } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  answerCommands,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  onlineAgent,
  register,
  send,
} from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

const { OK, Failed, Checking } = HEALTH_CHECK_STATUS;

describe('running health checks', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterAll(() => t.close());

  const run = (deviceIds: string[], type: string) =>
    t.app.inject({
      method: runHealthChecks.method,
      url: runHealthChecks.path,
      headers: t.admin.headers,
      payload: { deviceIds, type },
    });
  const history = async (id: string) =>
    (await t.app.inject({ url: listDeviceHealthChecks.path.replace(':id', id), headers: t.admin.headers })).json()
      .items as { type: string; status: number; reason: string | null; data: unknown; trigger: string }[];

  it('starts CHECKING at once, sends the command envelope, and ends OK with the agent’s data', async () => {
    const { device, socket } = await onlineAgent(t);
    const commands: unknown[] = [];
    socket.on('command', (command) => commands.push(command));
    answerCommands(socket, () => ({ ok: true, data: { ip: '10.0.0.7' }, additionalData: { ms: 12 } }));
    const res = await run([device.id], 'ip');
    expect(res.statusCode).toBe(200);
    const { started, skipped } = res.json();
    expect(skipped).toEqual([]);
    expect(started).toEqual([
      expect.objectContaining({ deviceId: device.id, type: 'ip', status: Checking, trigger: 'user' }),
    ]);
    const done = await eventually(async () => (await history(device.id)).find((r) => r.status === OK));
    expect(done).toMatchObject({ type: 'ip', data: { ip: '10.0.0.7' }, reason: null });
    expect(commands).toEqual([
      { id: expect.any(String), type: 'health-check', deadlineAt: started[0].deadlineAt, payload: { checkType: 'ip' } },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.deviceHealthChecksStarted), eq(auditLog.targetId, device.id)));
    expect(audits).toHaveLength(1);
    socket.close();
  });

  it('records FAILED with reason failed when the agent reports a failure', async () => {
    const { device, socket } = await onlineAgent(t);
    answerCommands(socket, () => ({ ok: false, error: 'no SIM' }));
    await run([device.id], 'sms');
    const failed = await eventually(async () => (await history(device.id)).find((r) => r.status === Failed));
    expect(failed).toMatchObject({ type: 'sms', reason: 'failed' });
    socket.close();
  });

  it('"device" fans out to the four device checks; "all" runs what the device supports', async () => {
    const { device, socket } = await onlineAgent(t, { capabilities: ['sms', 'app', 'get_balance'] });
    answerCommands(socket, () => ({ ok: true }));
    const fanned = (await run([device.id], 'device')).json();
    expect(fanned.started.map((r: { type: string }) => r.type).sort()).toEqual([...DEVICE_CHECK_TYPES].sort());
    await eventually(async () => (await history(device.id)).filter((r) => r.status === OK).length === 4);
    const all = (await run([device.id], 'all')).json();
    expect(all.started.map((r: { type: string }) => r.type).sort()).toEqual(['app', 'sms']);
    socket.close();
  });

  it('skips a type already CHECKING on the device, and offline, disabled or unknown devices', async () => {
    const { device, socket } = await onlineAgent(t);
    answerCommands(socket, () => null); // accepts, never answers
    expect((await run([device.id], 'network')).json().started).toHaveLength(1);
    const second = (await run([device.id], 'network')).json();
    expect(second).toEqual({ started: [], skipped: [{ deviceId: device.id, reason: 'already_running' }] });

    const offline = await register(t.app, t.admin.headers);
    const disabled = await register(t.app, t.admin.headers);
    await t.app.inject({ method: 'POST', url: `/devices/${disabled.device.id}/disable`, headers: t.admin.headers });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = (await run([offline.device.id, disabled.device.id, unknown], 'sms')).json();
    expect(res.skipped).toEqual([
      { deviceId: offline.device.id, reason: 'offline' },
      { deviceId: disabled.device.id, reason: 'disabled' },
      { deviceId: unknown, reason: 'not_found' },
    ]);
    socket.close();
  });

  it('a refused command is FAILED unsupported; late and duplicate results change nothing', async () => {
    const { device, socket } = await onlineAgent(t);
    answerCommands(
      socket,
      () => null,
      () => ({ accepted: false, reason: 'no SMS app' }),
    );
    await run([device.id], 'sms');
    const refused = await eventually(async () => (await history(device.id)).find((r) => r.status === Failed));
    expect(refused).toMatchObject({ reason: 'unsupported' });

    socket.removeAllListeners('command');
    const ids: string[] = [];
    socket.on('command', (command, ack) => {
      ids.push(command.id);
      ack({ accepted: true });
    });
    await run([device.id], 'app');
    await eventually(async () => ids.length === 1);
    const result = { commandId: ids[0], ok: true };
    expect(await send(socket, 'command:result', result)).toEqual({ ok: true });
    const again = await send(socket, 'command:result', { ...result, ok: false });
    expect(again).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
    expect((await history(device.id)).find((r) => r.type === 'app')).toMatchObject({ status: OK });
    socket.close();
  });

  it('a device cannot end another device’s run', async () => {
    const target = await onlineAgent(t);
    const other = await onlineAgent(t);
    const ids: string[] = [];
    target.socket.on('command', (command, ack) => {
      ids.push(command.id);
      ack({ accepted: true });
    });
    await run([target.device.id], 'ip');
    await eventually(async () => ids.length === 1);
    const answer = await send(other.socket, 'command:result', { commandId: ids[0], ok: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
    expect((await history(target.device.id))[0]).toMatchObject({ status: Checking });
    target.socket.close();
    other.socket.close();
  });

  it('lists a device’s runs newest first in keyset pages, each as its start answered it; an unknown device is 404', async () => {
    const { device, socket } = await onlineAgent(t);
    const started = [];
    for (const type of DEVICE_CHECK_TYPES.slice(0, 3)) started.push((await run([device.id], type)).json().started[0]);
    const url = listDeviceHealthChecks.path.replace(':id', device.id);
    const first = (await t.app.inject({ url: `${url}?limit=2`, headers: t.admin.headers })).json();
    expect(first.items).toEqual([started[2], started[1]]);
    const second = (
      await t.app.inject({ url: `${url}?limit=2&cursor=${first.nextCursor}`, headers: t.admin.headers })
    ).json();
    expect(second).toEqual({ items: [started[0]], nextCursor: null });
    const unknown = await t.app.inject({
      url: listDeviceHealthChecks.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
      headers: t.admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    socket.close();
  });
});
