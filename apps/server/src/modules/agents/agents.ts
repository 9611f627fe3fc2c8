import { randomUUID } from 'node:crypto';
import { AGENT_CONNECT_ERRORS, AGENT_NAMESPACE } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../http/authenticate';
import { hashToken } from '../auth/one-time-token';
import { fleetOf } from '../devices/fleet';
import { walletsOf } from '../wallets/wallets';
import { withdrawalsOf } from '../withdrawals/withdrawals';
import { handleAgentConnection, type PhoneWork } from './agent-connection';
import type { AgentNamespace, AgentSocket } from './agent-link';
import { createHeartbeatBatcher } from './heartbeat-batcher';
import { createPresenceRepository } from './presence.repository';
import { createPresenceReaper, PRESENCE_REAP_MS } from './presence-reaper';

function handshakeToken(socket: AgentSocket): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) return fromAuth;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * The device-agent namespace (AGENT_NAMESPACE on the realtime server, path /ws, websocket only):
 * device token at the handshake, hello first, then heartbeats, busy changes and command results.
 * Protocol: docs/agent-protocol.md.
 */
export function attachAgents(app: FastifyInstance, ctx: AppContext): void {
  const fleet = fleetOf(ctx);
  const wallets = walletsOf(ctx);
  const withdrawals = withdrawalsOf(ctx);
  // What a phone does for the features: their command results and what ends when it goes away.
  const phoneWork: PhoneWork = {
    async completeCommand(deviceId, result) {
      return (await wallets.completeCommand(deviceId, result)) || withdrawals.completeCommand(deviceId, result);
    },
    async deviceGone(deviceId) {
      await wallets.deviceGone(deviceId);
      await withdrawals.deviceGone(deviceId);
    },
  };
  const ns = app.io.of(AGENT_NAMESPACE) as unknown as AgentNamespace;
  fleet.bind(ns, app.realtime);
  wallets.bind(app.realtime);
  withdrawals.bind(app.realtime);
  const presence = createPresenceRepository(ctx.db);
  const heartbeats = createHeartbeatBatcher({ write: presence.writeHeartbeats, logger: ctx.logger });
  const work = new Set<Promise<unknown>>();
  const track = (job: Promise<unknown>) => {
    work.add(job);
    void job.finally(() => work.delete(job));
  };

  ns.use(async (socket, next) => {
    try {
      const token = handshakeToken(socket);
      const tokenHash = token ? hashToken(token) : null;
      const device = tokenHash ? await fleet.devices.findByTokenHash(tokenHash) : null;
      if (!device || !tokenHash) return next(new Error(AGENT_CONNECT_ERRORS.unauthorized));
      if (device.status !== 'active') return next(new Error(AGENT_CONNECT_ERRORS.disabled));
      socket.data = { deviceId: device.id, tokenHash, connectionId: randomUUID(), helloAt: null };
      next();
    } catch (error) {
      ctx.logger.error({ err: error }, 'agent handshake failed');
      next(new Error(AGENT_CONNECT_ERRORS.unauthorized));
    }
  });
  ns.on('connection', (socket) =>
    handleAgentConnection(socket, { fleet, wallets, work: phoneWork, presence, heartbeats, logger: ctx.logger, track }),
  );

  ctx.scheduler.every(
    'agents.presence-reaper',
    PRESENCE_REAP_MS,
    createPresenceReaper({ fleet, work: phoneWork, presence }),
  );
  app.addHook('onReady', async () => heartbeats.start());
  // After realtime's preClose closed the sockets: finish their bookkeeping while the database is open.
  app.addHook('preClose', async () => {
    ns.local.disconnectSockets(true);
    await heartbeats.stop();
    await Promise.allSettled([...work]);
    await fleet.healthChecks.drain();
    await wallets.drain();
    await withdrawals.drain();
    await fleet.events.close();
  });
}
