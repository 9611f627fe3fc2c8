import {
  AGENT_EVENTS,
  AGENT_HEARTBEAT_INTERVAL_MS,
  busySchema,
  type CommandResult,
  commandResultSchema,
  type DisconnectReason,
  heartbeatSchema,
  helloSchema,
  SUPPORTED_AGENT_PROTOCOL_VERSIONS,
  walletTransactionsReportSchema,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Fleet } from '../devices/fleet';
import type { Wallets } from '../wallets/wallets';
import { onInbound, refuse } from './agent-inbound';
import { type AgentSocket, DISCONNECT_MESSAGES, deviceRoom } from './agent-link';
import type { HeartbeatBatcher } from './heartbeat-batcher';
import type { PresenceRepository } from './presence.repository';

/** An agent that has not said hello by then is dropped (reason hello_timeout). */
export const AGENT_HELLO_TIMEOUT_MS = 10_000;

const KNOWN_EVENTS = new Set<string>([
  AGENT_EVENTS.hello,
  AGENT_EVENTS.heartbeat,
  AGENT_EVENTS.busy,
  AGENT_EVENTS.commandResult,
  AGENT_EVENTS.walletTransactions,
]);

/** What phones do for the features: command results go to them, and they hear when a phone goes. */
export type PhoneWork = {
  /** A result for one of their commands; false when none of them sent it. */
  completeCommand(deviceId: string, result: CommandResult): Promise<boolean>;
  /** The phone's agent is gone: nothing it was doing can finish. */
  deviceGone(deviceId: string): Promise<void>;
};

export type AgentDeps = {
  fleet: Fleet;
  wallets: Wallets;
  work: PhoneWork;
  presence: PresenceRepository;
  heartbeats: HeartbeatBatcher;
  logger: FastifyBaseLogger;
  /** Keeps work that must finish before shutdown (disconnect bookkeeping). */
  track(work: Promise<unknown>): void;
};

/** The connection log's reason: ours if we dropped it, else what socket.io saw. */
function logReason(socket: AgentSocket, socketIoReason: string): string {
  if (socket.data.dropReason) return socket.data.dropReason;
  if (socketIoReason === 'client namespace disconnect') return 'agent_disconnected';
  if (socketIoReason === 'server namespace disconnect') return 'server_disconnected';
  if (socketIoReason === 'server shutting down' || socketIoReason === 'forced close') return 'server_shutdown';
  return 'connection_lost';
}

/** Tells this one socket why, then drops it (the reason is flushed before the close). */
function dropSelf(socket: AgentSocket, reason: DisconnectReason['reason']) {
  socket.data.dropReason = reason;
  socket.emit('agent:disconnect-reason', { reason, message: DISCONNECT_MESSAGES[reason] });
  socket.disconnect(true);
}

export function handleAgentConnection(socket: AgentSocket, deps: AgentDeps): void {
  const { fleet, wallets, presence } = deps;
  const { deviceId, connectionId } = socket.data;
  const logger = deps.logger.child({ deviceId, connectionId });

  /** Offline, not busy, its checks failed — only if this connection still owns the device. */
  const wentAway = (reason: string) =>
    (async () => {
      if (!(await presence.goOffline(deviceId, connectionId, reason))) return;
      fleet.events.statusUpdate(deviceId, false);
      fleet.events.presenceChanged();
      await fleet.healthChecks.failAllOf(deviceId, 'disconnected');
      await deps.work.deviceGone(deviceId);
      logger.info({ reason }, 'agent offline');
    })().catch((error) => logger.error({ err: error }, 'agent disconnect bookkeeping failed'));

  const helloTimer = setTimeout(() => {
    if (socket.data.helloAt === null) dropSelf(socket, 'hello_timeout');
  }, AGENT_HELLO_TIMEOUT_MS);

  socket.onAny((event: string) => {
    if (!KNOWN_EVENTS.has(event)) logger.warn({ event }, 'unknown agent event ignored');
  });

  onInbound(
    socket,
    logger,
    AGENT_EVENTS.hello,
    helloSchema,
    async (hello) => {
      if (socket.data.helloAt !== null) return refuse('INVALID_PAYLOAD', 'agent:hello was already received');
      if (!SUPPORTED_AGENT_PROTOCOL_VERSIONS.includes(hello.protocolVersion)) {
        // The ack goes out first, then the reason, then the close.
        setImmediate(() => dropSelf(socket, 'unsupported_protocol'));
        return refuse(
          'UNSUPPORTED_PROTOCOL_VERSION',
          `Protocol version ${hello.protocolVersion} is not supported; this server speaks ${SUPPORTED_AGENT_PROTOCOL_VERSIONS.join(', ')}`,
        );
      }
      const owned = await presence.goOnline({
        deviceId,
        connectionId,
        tokenHash: socket.data.tokenHash,
        ip: socket.handshake.address || null,
        hello,
      });
      if (!owned) {
        // Disabled or rotated between the handshake and the hello.
        setImmediate(() => socket.disconnect(true));
        return refuse('INTERNAL', 'This device token is no longer valid');
      }
      if (socket.disconnected) {
        // Dropped while we were writing: undo, or the device would look online until the reaper.
        deps.track(wentAway('connection_lost'));
        return refuse('INTERNAL', 'The connection closed');
      }
      // The device is ours now (an earlier connection's log row closed as replaced), so that
      // connection, on any instance, is told why and dropped; its own close then changes nothing.
      fleet.link.kick(deviceId, 'replaced', socket.id);
      socket.data.helloAt = Date.now();
      clearTimeout(helloTimer);
      socket.join(deviceRoom(deviceId));
      fleet.events.statusUpdate(deviceId, hello.isBusy ?? false);
      fleet.events.presenceChanged();
      logger.info({ protocolVersion: hello.protocolVersion }, 'agent online');
      return {
        ok: true,
        deviceId,
        heartbeatIntervalMs: AGENT_HEARTBEAT_INTERVAL_MS,
        serverTime: new Date().toISOString(),
        accounts: await wallets.refsOfDevice(deviceId),
      };
    },
    { helloFirst: false },
  );

  onInbound(socket, logger, AGENT_EVENTS.heartbeat, heartbeatSchema, async ({ telemetry }) => {
    deps.heartbeats.record(deviceId, connectionId, telemetry);
    return { ok: true };
  });

  onInbound(socket, logger, AGENT_EVENTS.busy, busySchema, async ({ isBusy }) => {
    // The consoles hear it at once; the write follows (and the ack after it).
    fleet.events.statusUpdate(deviceId, isBusy);
    await presence.setBusy(deviceId, connectionId, isBusy);
    return { ok: true };
  });

  onInbound(socket, logger, AGENT_EVENTS.commandResult, commandResultSchema, async (result) => {
    if (await fleet.healthChecks.complete(deviceId, result)) return { ok: true };
    if (await deps.work.completeCommand(deviceId, result)) return { ok: true };
    return refuse(
      'UNKNOWN_COMMAND',
      `No running command ${result.commandId} for this device: it finished, timed out or never existed; nothing changed`,
    );
  });

  onInbound(socket, logger, AGENT_EVENTS.walletTransactions, walletTransactionsReportSchema, (report) =>
    wallets.reportTransactions(deviceId, report),
  );

  socket.on('disconnect', (reason) => {
    clearTimeout(helloTimer);
    // Only closing the realtime server force-closes connections with sockets still on them.
    if (reason === 'forced close' || reason === 'server shutting down') fleet.events.mute();
    if (socket.data.helloAt === null) return;
    deps.track(wentAway(logReason(socket, reason)));
  });
}
