import {
  AGENT_CONNECT_ERRORS,
  AGENT_HEARTBEAT_INTERVAL_MS,
  getDevice,
  SUPPORTED_AGENT_PROTOCOL_VERSIONS,
} from '@gerbang/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentClient,
  connectAgent,
  droppedWithReason,
  type FleetTestApp,
  fleetTestApp,
  HELLO,
  hello,
  register,
  send,
} from './agents.test-support';

describe('agent handshake and hello (namespace /agent)', () => {
  let t: FleetTestApp;
  const open: AgentClient[] = [];
  const track = (socket: AgentClient) => {
    open.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await fleetTestApp();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it('refuses a missing or unknown device token with the connect error "unauthorized"', async () => {
    for (const auth of [{}, { token: 'not-a-device-token' }, { headers: { authorization: 'Basic abc' } }]) {
      await expect(connectAgent(t.url, auth)).rejects.toThrow(AGENT_CONNECT_ERRORS.unauthorized);
    }
  });

  it('accepts the token in auth.token or as an Authorization bearer, and hello answers with the device id', async () => {
    const { device, token } = await register(t.app, t.admin.headers);
    const viaHeader = track(await connectAgent(t.url, { headers: { authorization: `Bearer ${token}` } }));
    viaHeader.close();
    const socket = track(await connectAgent(t.url, { token }));
    const ack = (await hello(socket)) as Record<string, unknown>;
    expect(ack).toMatchObject({ ok: true, deviceId: device.id, heartbeatIntervalMs: AGENT_HEARTBEAT_INTERVAL_MS });
    expect(Number.isNaN(Date.parse(String(ack.serverTime)))).toBe(false);
    const res = await t.app.inject({ url: getDevice.path.replace(':id', device.id), headers: t.admin.headers });
    expect(res.json()).toMatchObject({
      isOnline: true,
      protocolVersion: HELLO.protocolVersion,
      appVersions: HELLO.appVersions,
      capabilities: HELLO.capabilities,
      telemetry: HELLO.telemetry,
    });
  });

  it('refuses every other event before hello with HELLO_REQUIRED, changing nothing', async () => {
    const { device, token } = await register(t.app, t.admin.headers);
    const socket = track(await connectAgent(t.url, { token }));
    for (const [event, payload] of [
      ['agent:heartbeat', { telemetry: HELLO.telemetry }],
      ['agent:busy', { isBusy: true }],
      ['command:result', { commandId: 'x', ok: true }],
    ] as const) {
      expect(await send(socket, event, payload)).toMatchObject({ ok: false, error: { code: 'HELLO_REQUIRED' } });
    }
    const res = await t.app.inject({ url: getDevice.path.replace(':id', device.id), headers: t.admin.headers });
    expect(res.json()).toMatchObject({ isOnline: false, isBusy: false, telemetry: null });
  });

  it('refuses an unsupported protocol version in the ack, says why, and disconnects', async () => {
    const { device, token } = await register(t.app, t.admin.headers);
    const socket = track(await connectAgent(t.url, { token }));
    const version = Math.max(...SUPPORTED_AGENT_PROTOCOL_VERSIONS) + 1;
    const dropped = droppedWithReason(socket);
    const ack = await hello(socket, { protocolVersion: version });
    expect(ack).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_PROTOCOL_VERSION' } });
    expect(ack.error?.message).toContain(String(version));
    await expect(dropped).resolves.toMatchObject({ reason: 'unsupported_protocol' });
    const res = await t.app.inject({ url: getDevice.path.replace(':id', device.id), headers: t.admin.headers });
    expect(res.json().isOnline).toBe(false);
  });

  it('drops a connection that never says hello, with reason hello_timeout', async () => {
    const { token } = await register(t.app, t.admin.headers);
    const socket = track(await connectAgent(t.url, { token }));
    await expect(droppedWithReason(socket, 12_000)).resolves.toMatchObject({ reason: 'hello_timeout' });
  }, 20_000);
});
