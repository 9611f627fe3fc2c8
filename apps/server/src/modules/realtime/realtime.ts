import { AGENT_MAX_PAYLOAD_BYTES, REALTIME_CONNECT_ERRORS, REALTIME_PATH, ROLE_IDS } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AppContext } from '../../app-context';
import { bearerToken, resolveAccessToken } from '../../http/authenticate';
import { type Broadcaster, createBroadcaster } from './broadcaster';
import { useRedisAdapter } from './redis-adapter';
import { roleRoom, roomsFor, sessionRoom, userRoom } from './rooms';
import type { RealtimeServer, RealtimeSocket } from './socket-types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server of the consoles (path REALTIME_PATH). */
    io: RealtimeServer;
    /** Role-, area- and merchant-scoped emits for feature modules. */
    realtime: Broadcaster;
  }
}

function handshakeToken(socket: RealtimeSocket): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0) return fromAuth;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * socket.io on the API's HTTP server: websocket only, access token checked at the handshake, each
 * socket in its role/merchant/user/session rooms, dropped when its token expires or its session
 * ends (logout, disable, reuse detection), wherever that happened.
 */
export function attachRealtime(app: FastifyInstance, ctx: AppContext): void {
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    cors: { origin: ctx.config.CORS_ORIGINS, credentials: true },
    serveClient: false,
    // Consoles send nothing and agents at most AGENT_MAX_PAYLOAD_BYTES (refused in the ack);
    // a frame far beyond that is cut off by socket.io itself, before it is parsed.
    maxHttpBufferSize: 2 * AGENT_MAX_PAYLOAD_BYTES,
  });
  const closeAdapter = ctx.config.REDIS_URL ? useRedisAdapter(io, ctx.config.REDIS_URL, ctx.logger) : null;

  io.use(async (socket, next) => {
    try {
      const token = handshakeToken(socket);
      const auth = await resolveAccessToken(token, ctx);
      const claims = token ? ctx.accessTokens.verify(token) : null;
      // A user who must enrol a second factor first gets no live data either.
      if (!auth || !claims || (await ctx.secondFactor.mustEnrol(auth.user)))
        return next(new Error(REALTIME_CONNECT_ERRORS.unauthorized));
      // The merchant console in test mode hears its test twin's changes (the handshake's `mode`).
      const testMode = socket.handshake.auth?.mode === 'test' && auth.merchantId;
      const { user: _user, ...rest } = testMode
        ? { ...auth, merchantId: await ctx.testTwins.twinOf(auth.merchantId as string), livemode: false }
        : auth;
      socket.data = { auth: rest, tokenExpiresAtMs: claims.exp * 1000 };
      next();
    } catch (error) {
      ctx.logger.error({ err: error }, 'realtime handshake failed');
      next(new Error(REALTIME_CONNECT_ERRORS.unauthorized));
    }
  });

  const broadcaster = createBroadcaster(io);
  io.on('connection', (socket) => {
    socket.join(roomsFor(socket.data.auth));
    broadcaster
      .connected(socket)
      .catch((error) => ctx.logger.error({ err: error }, 'realtime connect listener failed'));
    // The token stops being valid at exp: so does the socket. The client reconnects with a fresh one.
    const expiry = setTimeout(
      () => {
        socket.emit('session:ended', { reason: 'expired' });
        socket.disconnect(true);
      },
      Math.max(0, socket.data.tokenExpiresAtMs - Date.now()),
    );
    socket.on('disconnect', () => clearTimeout(expiry));
  });

  const offSessionEnded = ctx.events.on('session.ended', ({ sessionId, reason }) => {
    const room = sessionRoom(sessionId);
    io.in(room).emit('session:ended', { reason });
    io.in(room).disconnectSockets(true);
  });
  // A role change moves the user's open sockets to the new role's room at once.
  const offUserChanged = ctx.events.on('user.changed', ({ userId, roleId, status }) => {
    if (status !== 'active') return;
    const sockets = io.in(userRoom(userId));
    sockets.socketsLeave(ROLE_IDS.filter((id) => id !== roleId).map(roleRoom));
    sockets.socketsJoin(roleRoom(roleId));
  });

  app.decorate('io', io);
  app.decorate('realtime', broadcaster);

  // Before the HTTP server closes: open websockets would otherwise keep it waiting.
  app.addHook('preClose', async () => {
    offSessionEnded();
    offUserChanged();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  // Redis last: other modules' preClose hooks (agents finishing their bookkeeping) still publish.
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await closeAdapter?.();
  });
}
