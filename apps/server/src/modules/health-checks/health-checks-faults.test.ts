import { HEALTH_CHECK_STATUS, listDeviceHealthChecks, ROLE, runHealthChecks } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterFirstRun, signedInUser } from '../../../test/helpers/test-app';
import { scheduledJobs } from '../../db/schema';
import {
  answerCommands,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  onlineAgent,
} from '../agents/agents.test-support';
import { type ClientSocket, connect } from '../realtime/realtime.test-support';

const { OK, Failed, Checking } = HEALTH_CHECK_STATUS;

describe('health checks that do not finish normally, and the schedule', () => {
  let t: FleetTestApp;
  let console: ClientSocket;
  const events: { deviceId: string; processStatus: number; additionalData: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    t = await fleetTestApp({
      SCHEDULER_TICK_MS: '100',
      HEALTH_CHECK_DEADLINE_SECONDS: '1',
      HEALTH_CHECK_SCHEDULE_MINUTES: '60',
    });
    // The schedule's first run is due at start. Until it has run, an agent that comes online
    // gets the scheduled "device" checks too, and its runs are no longer the test's alone.
    await afterFirstRun(t, 'health-checks.schedule');
    const staff = await signedInUser(t, ROLE.Staff);
    console = await connect(t.url, { token: staff.accessToken });
    console.on('health-check', (items) => events.push(...(items as typeof events)));
  });
  afterAll(async () => {
    console.close();
    await t.close();
  });

  const run = (deviceId: string, type: string) =>
    t.app.inject({
      method: 'POST',
      url: runHealthChecks.path,
      headers: t.admin.headers,
      payload: { deviceIds: [deviceId], type },
    });
  const history = async (id: string) =>
    (await t.app.inject({ url: listDeviceHealthChecks.path.replace(':id', id), headers: t.admin.headers })).json()
      .items as { type: string; status: number; reason: string | null; trigger: string }[];

  it('fails a run with reason timeout when the agent never answers by the deadline', async () => {
    const { device, socket } = await onlineAgent(t);
    answerCommands(socket, () => null);
    await run(device.id, 'network');
    const timedOut = await eventually(async () => (await history(device.id)).find((r) => r.status === Failed), 6000);
    expect(timedOut).toMatchObject({ reason: 'timeout' });
    // The run is stored before the consoles are told: wait for the event, then check the order.
    const seen = await eventually(async () => {
      const mine = events.filter((e) => e.deviceId === device.id);
      return mine.some((e) => e.processStatus === Failed) ? mine : null;
    });
    expect(seen.map((e) => e.processStatus)).toEqual([Checking, Failed]);
    expect(seen.at(-1)?.additionalData).toMatchObject({ type: 'network', reason: 'timeout' });
    socket.close();
  });

  it('fails CHECKING runs with reason disconnected when the agent drops mid-check', async () => {
    const { device, socket } = await onlineAgent(t);
    const received: string[] = [];
    socket.on('command', (command, ack) => {
      received.push(command.id);
      ack({ accepted: true });
    });
    await run(device.id, 'device');
    await eventually(async () => received.length === 4);
    socket.close();
    const runs = await eventually(async () => {
      const all = await history(device.id);
      return all.every((r) => r.status !== Checking) ? all : null;
    });
    expect(runs.map((r) => [r.status, r.reason])).toEqual(Array(4).fill([Failed, 'disconnected']));
  });

  it('the schedule runs "device" checks on every online device (trigger schedule)', async () => {
    const { device, socket } = await onlineAgent(t);
    answerCommands(socket, () => ({ ok: true }));
    await t.database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, 'health-checks.schedule'));
    const runs = await eventually(async () => {
      const all = await history(device.id);
      return all.length === 4 && all.every((r) => r.status === OK) ? all : null;
    });
    expect(new Set(runs.map((r) => r.trigger))).toEqual(new Set(['schedule']));
    socket.close();
  });
});
