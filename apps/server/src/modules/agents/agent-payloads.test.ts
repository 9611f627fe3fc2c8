import { AGENT_MAX_PAYLOAD_BYTES, getDevice } from '@gerbang/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentClient,
  eventually,
  type FleetTestApp,
  fleetTestApp,
  HELLO,
  onlineAgent,
  send,
} from './agents.test-support';

describe('agent inbound payloads', () => {
  let t: FleetTestApp;
  const open: AgentClient[] = [];
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function agent() {
    const online = await onlineAgent(t);
    open.push(online.socket);
    const read = async () =>
      (await t.app.inject({ url: getDevice.path.replace(':id', online.device.id), headers: t.admin.headers })).json();
    return { ...online, read };
  }

  it('refuses an invalid payload in the ack, naming the field, and changes nothing', async () => {
    const { socket, read } = await agent();
    const before = await read();
    const cases: [string, unknown, string][] = [
      ['agent:heartbeat', { telemetry: { ...HELLO.telemetry, battery: 101 } }, 'telemetry.battery'],
      ['agent:heartbeat', { telemetry: { ...HELLO.telemetry, ip: 'not-an-ip' } }, 'telemetry.ip'],
      ['agent:heartbeat', { telemetry: HELLO.telemetry, extra: 1 }, 'extra'],
      ['agent:busy', { isBusy: 'yes' }, 'isBusy'],
      ['agent:busy', 'busy', '(payload)'],
      ['command:result', { ok: true }, 'commandId'],
    ];
    for (const [event, payload, field] of cases) {
      const ack = (await send(socket, event, payload)) as { ok: boolean; error: { code: string; message: string } };
      expect(ack.ok, `${event} ${JSON.stringify(payload)}`).toBe(false);
      expect(ack.error.code).toBe('INVALID_PAYLOAD');
      expect(ack.error.message).toContain(field);
    }
    await new Promise((r) => setTimeout(r, 1200)); // past a heartbeat flush
    const after = await read();
    expect(after).toMatchObject({ isBusy: before.isBusy, telemetry: before.telemetry, isOnline: true });
  });

  it('refuses a payload over AGENT_MAX_PAYLOAD_BYTES with PAYLOAD_TOO_LARGE', async () => {
    const { socket, read } = await agent();
    const huge = { isBusy: true, padding: 'x'.repeat(AGENT_MAX_PAYLOAD_BYTES) };
    expect(await send(socket, 'agent:busy', huge)).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect((await read()).isBusy).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('ignores unknown events and events sent without an ack callback, and keeps serving the agent', async () => {
    const { socket, read } = await agent();
    // Emits outside the typed protocol: unknown names, no ack callbacks.
    const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
    raw.emit('agent:self-destruct', { now: true });
    raw.emit('agent:busy', { isBusy: 'bad' });
    raw.emit('agent:heartbeat', { telemetry: { ...HELLO.telemetry, battery: 42 } });
    raw.emit('agent:heartbeat');
    expect(await send(socket, 'agent:busy', { isBusy: true })).toEqual({ ok: true });
    expect(socket.connected).toBe(true);
    await eventually(async () => (await read()).telemetry?.battery === 42);
    expect((await read()).isBusy).toBe(true);
  });

  it('records heartbeat telemetry and last-seen time (written in batches)', async () => {
    const { socket, read } = await agent();
    const seenBefore = Date.parse((await read()).lastSeenAt);
    await new Promise((r) => setTimeout(r, 20));
    const telemetry = { battery: 12, isCharging: true, networkType: 'cellular', signal: 1, ip: null };
    expect(await send(socket, 'agent:heartbeat', { telemetry })).toEqual({ ok: true });
    const device = await eventually(async () => {
      const d = await read();
      return d.telemetry?.battery === 12 ? d : null;
    });
    expect(device.telemetry).toEqual(telemetry);
    expect(Date.parse(device.lastSeenAt)).toBeGreaterThan(seenBefore);
  });
});
