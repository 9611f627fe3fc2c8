import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AGENT_CONNECT_ERRORS,
  AGENT_EVENTS,
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  commandAckSchema,
  commandResultSchema,
  heartbeatSchema,
  helloSchema,
  REALTIME_PATH,
} from '@gerbang/contract';
import { type Namespace, Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceBehaviour } from './device-types';
import { silentLogger } from './logger';
import { createRandom } from './prng';
import { SimulatedDevice } from './simulated-device';

/**
 * A stand-in for the server's agent namespace that records what the device sends, so the
 * device's side of the protocol can be checked exactly (the real server is exercised in
 * test/simulator-against-server.test.ts).
 */
async function startStandIn(options: { acceptToken?: string } = {}) {
  const http = createServer();
  const io = new Server(http, { path: REALTIME_PATH });
  const agents: Namespace = io.of(AGENT_NAMESPACE);
  const received: { event: string; payload: unknown }[] = [];
  const sockets: Socket[] = [];
  agents.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token;
    next(token === (options.acceptToken ?? 'good-token') ? undefined : new Error(AGENT_CONNECT_ERRORS.unauthorized));
  });
  agents.on('connection', (socket) => {
    sockets.push(socket);
    socket.onAny((event: string, payload: unknown, ack?: (answer: unknown) => void) => {
      received.push({ event, payload });
      if (event === AGENT_EVENTS.hello) {
        ack?.({ ok: true, deviceId: 'device-1', heartbeatIntervalMs: 200, serverTime: new Date().toISOString() });
      } else ack?.({ ok: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    received,
    sockets,
    of: (event: string) => received.filter((r) => r.event === event).map((r) => r.payload),
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

const behaviour: DeviceBehaviour = { latencyMs: 20, failureRate: 0, busyRate: 0 };
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setUp(overrides: Partial<DeviceBehaviour> = {}, token = 'good-token') {
  const server = await startStandIn();
  const device = new SimulatedDevice({
    server: server.url,
    credential: { name: 'sim-001', id: 'device-1', token },
    behaviour: { ...behaviour, ...overrides },
    random: createRandom(1),
    logger: silentLogger,
  });
  cleanups.push(
    () => server.close(),
    () => device.stop(),
  );
  device.start();
  return { server, device };
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sendCommand(socket: Socket, command: unknown) {
  return new Promise<unknown>((resolve) => socket.emit(AGENT_EVENTS.command, command, resolve));
}

describe('a simulated device', () => {
  it('says hello first, in the contract shape, marked as the simulator', async () => {
    const { server, device } = await setUp();
    await until(() => device.isOnline);
    expect(server.received[0]?.event).toBe(AGENT_EVENTS.hello);
    const hello = helloSchema.parse(server.received[0]?.payload);
    expect(hello.protocolVersion).toBe(AGENT_PROTOCOL_VERSION);
    expect(hello.capabilities).toEqual([
      'sms',
      'network',
      'ip',
      'app',
      'get_balance',
      'transfer',
      'transaction_history',
      'get_qr_code',
      'wallet_login',
      'account_inquiry',
      'send_transfer',
    ]);
    expect(hello.appVersions.agent).toMatch(/simulator$/);
    expect(hello.telemetry).toBeDefined();
  });

  it('heartbeats at the interval the server gives, with valid telemetry', async () => {
    const { server, device } = await setUp();
    await until(() => server.of(AGENT_EVENTS.heartbeat).length >= 3);
    for (const beat of server.of(AGENT_EVENTS.heartbeat)) expect(heartbeatSchema.safeParse(beat).success).toBe(true);
    expect(device.stats.heartbeats).toBeGreaterThanOrEqual(2);
  });

  it('accepts a health check at once and reports its result after the latency', async () => {
    const { server, device } = await setUp({ latencyMs: 150 });
    await until(() => device.isOnline);
    const socket = server.sockets[0] as Socket;
    const sentAt = Date.now();
    const ack = await sendCommand(socket, {
      id: 'cmd-1',
      type: 'health-check',
      deadlineAt: new Date(Date.now() + 30_000).toISOString(),
      payload: { checkType: 'ip' },
    });
    expect(commandAckSchema.parse(ack)).toEqual({ accepted: true });
    await until(() => server.of(AGENT_EVENTS.commandResult).length === 1);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(100);
    const result = commandResultSchema.parse(server.of(AGENT_EVENTS.commandResult)[0]);
    expect(result).toMatchObject({ commandId: 'cmd-1', ok: true, data: { ip: device.telemetry.ip } });
    expect(result.additionalData).toMatchObject({ simulated: true });
  });

  it('fails every check when the failure rate is 1', async () => {
    const { server, device } = await setUp({ failureRate: 1 });
    await until(() => device.isOnline);
    const socket = server.sockets[0] as Socket;
    const deadlineAt = new Date(Date.now() + 30_000).toISOString();
    await sendCommand(socket, { id: 'c1', type: 'health-check', deadlineAt, payload: { checkType: 'sms' } });
    await sendCommand(socket, { id: 'c2', type: 'health-check', deadlineAt, payload: { checkType: 'app' } });
    await until(() => server.of(AGENT_EVENTS.commandResult).length === 2);
    for (const result of server.of(AGENT_EVENTS.commandResult)) {
      expect(commandResultSchema.parse(result)).toMatchObject({
        ok: false,
        error: expect.stringContaining('Simulated'),
      });
    }
    await until(() => device.stats.checksAnswered === 2);
    expect(device.stats).toMatchObject({ checksAnswered: 2, checksFailed: 2 });
  });

  it('refuses a command it does not know, saying why', async () => {
    const { server, device } = await setUp();
    await until(() => device.isOnline);
    const socket = server.sockets[0] as Socket;
    const ack = await sendCommand(socket, { id: 'c1', type: 'transfer', deadlineAt: 'x', payload: {} });
    expect(ack).toEqual({ accepted: false, reason: 'unknown command type: transfer' });
    expect(await sendCommand(socket, { nonsense: true })).toEqual({ accepted: false, reason: 'invalid command' });
  });

  it('does not send a result on a later connection than the one that got the command', async () => {
    const { server, device } = await setUp({ latencyMs: 300 });
    await until(() => device.isOnline);
    const deadlineAt = new Date(Date.now() + 30_000).toISOString();
    await sendCommand(server.sockets[0] as Socket, {
      id: 'c1',
      type: 'health-check',
      deadlineAt,
      payload: { checkType: 'sms' },
    });
    device.dropTransport();
    await until(() => device.stats.connects === 2 && device.isOnline);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.of(AGENT_EVENTS.commandResult)).toEqual([]);
    expect(device.stats.resultsDropped).toBe(1);
  });

  it('tells the server when it goes busy and idle', async () => {
    const { server, device } = await setUp();
    await until(() => device.isOnline);
    await device.setBusy(true);
    await device.setBusy(false);
    expect(server.of(AGENT_EVENTS.busy)).toEqual([{ isBusy: true }, { isBusy: false }]);
  });

  it('does not come back after the server says it was replaced', async () => {
    const { server, device } = await setUp();
    await until(() => device.isOnline);
    const socket = server.sockets[0] as Socket;
    socket.emit(AGENT_EVENTS.disconnectReason, { reason: 'replaced', message: 'Another connection took over' });
    socket.disconnect(true);
    await until(() => device.state === 'retired');
    expect(device.lastDisconnectReason?.reason).toBe('replaced');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(device.stats.connects).toBe(1);
  });

  it('reconnects and says hello again after a dropped connection', async () => {
    const { server, device } = await setUp();
    await until(() => device.isOnline);
    device.dropTransport();
    await until(() => device.stats.connects === 2 && device.isOnline);
    expect(server.of(AGENT_EVENTS.hello)).toHaveLength(2);
  });

  it('waits and retries when its token is refused', async () => {
    const { server, device } = await setUp({}, 'wrong-token');
    await until(() => device.state === 'waiting');
    expect(device.isOnline).toBe(false);
    expect(server.received).toEqual([]);
  });
});
