import {
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentToServerEvents,
  type Command,
  type CommandAck,
  type CommandResult,
  type DeviceWithToken,
  type Hello,
  REALTIME_PATH,
  ROLE,
  registerDevice,
  type ServerToAgentEvents,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { listen } from '../realtime/realtime.test-support';

export type AgentClient = Socket<ServerToAgentEvents, AgentToServerEvents>;

/** A test app with the health-check schedule off (tests that want it turn it on), listening on loopback. */
export async function fleetTestApp(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { HEALTH_CHECK_SCHEDULE_MINUTES: '0', ...env } });
  const url = await listen(t.app);
  const admin = await signedInUser(t, ROLE.Admin);
  return { ...t, url, admin };
}
export type FleetTestApp = TestApp & { url: string; admin: { headers: Record<string, string> } };

export async function register(
  app: FastifyInstance,
  headers: Record<string, string>,
  name = `Phone ${Math.random().toString(36).slice(2, 8)}`,
): Promise<DeviceWithToken> {
  const res = await app.inject({ method: registerDevice.method, url: registerDevice.path, headers, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A real socket.io client on the agent namespace; rejects with the connect error's message. */
export function connectAgent(url: string, auth: { token?: string; headers?: Record<string, string> }) {
  const socket: AgentClient = io(`${url}${AGENT_NAMESPACE}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth.token ? { auth: { token: auth.token } } : {}),
    ...(auth.headers ? { extraHeaders: auth.headers } : {}),
  });
  return new Promise<AgentClient>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const HELLO: Hello = {
  protocolVersion: AGENT_PROTOCOL_VERSION,
  appVersions: { agent: '1.0.0' },
  capabilities: ['sms', 'network', 'ip', 'app'],
  telemetry: { battery: 80, isCharging: false, networkType: 'wifi', signal: 3, ip: '10.0.0.7' },
};

/** Sends any event (even ones the contract does not name) and waits for its ack. */
export function send(socket: AgentClient, event: string, payload: unknown, ms = 3000): Promise<unknown> {
  return (socket.timeout(ms) as unknown as { emitWithAck(e: string, p: unknown): Promise<unknown> }).emitWithAck(
    event,
    payload,
  );
}

export async function hello(socket: AgentClient, overrides: Partial<Hello> = {}) {
  return send(socket, 'agent:hello', { ...HELLO, ...overrides }) as Promise<{
    ok: boolean;
    deviceId?: string;
    error?: { code: string; message: string };
  }>;
}

/** Registers a device and connects its agent through hello. */
export async function onlineAgent(t: FleetTestApp, overrides: Partial<Hello> = {}) {
  const { device, token } = await register(t.app, t.admin.headers);
  const socket = await connectAgent(t.url, { token });
  const ack = await hello(socket, overrides);
  if (!ack.ok) throw new Error(`hello refused: ${JSON.stringify(ack)}`);
  return { device, token, socket };
}

/** Answers every command: accept at once, then report `result(command)` (or nothing when it returns null). */
export function answerCommands(
  socket: AgentClient,
  result: (command: Command) => Omit<CommandResult, 'commandId'> | null,
  ack: (command: Command) => CommandAck = () => ({ accepted: true }),
) {
  const answers: unknown[] = [];
  socket.on('command', (command, reply) => {
    const receipt = ack(command);
    reply(receipt);
    const outcome = receipt.accepted ? result(command) : null;
    if (outcome) {
      send(socket, 'command:result', { commandId: command.id, ...outcome }).then(
        (a) => answers.push(a),
        () => {}, // the socket closed first
      );
    }
  });
  return answers;
}

/** The next `agent:disconnect-reason` and the disconnect that follows. */
export function droppedWithReason(socket: AgentClient, ms = 3000) {
  return new Promise<{ reason: string; message: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not dropped within ${ms} ms`)), ms);
    socket.once('agent:disconnect-reason', (why) => {
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(why);
      });
    });
  });
}

export { eventually } from '../../../test/helpers/eventually';
