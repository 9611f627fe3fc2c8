import { createServer } from 'node:http';
import { AGENT_EVENTS, AGENT_NAMESPACE, REALTIME_PATH, SERVER_EVENTS } from '@gerbang/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { send, serveParent } from '../ipc';

/**
 * Child process: the baseline. A bare socket.io server on the same path and namespaces as
 * Gerbang's: devices on AGENT_NAMESPACE (no token, no hello, no schema, no database), consoles on
 * the default namespace in one room. Each `agent:busy` is broadcast to the room as
 * `device-status-update` and acked; heartbeats are only acked. With REDIS_URL, the same Redis
 * adapter as the product, so two of these act as one.
 */
const CONSOLES_ROOM = 'consoles';

const httpServer = createServer();
const io = new Server(httpServer, { path: REALTIME_PATH, transports: ['websocket'], serveClient: false });
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
const redisSub = redis?.duplicate();
if (redis && redisSub) io.adapter(createAdapter(redis, redisSub));

type Ack = ((answer: { ok: boolean }) => void) | undefined;

io.on('connection', (socket) => socket.join(CONSOLES_ROOM));
io.of(AGENT_NAMESPACE).on('connection', (socket) => {
  const deviceId = String((socket.handshake.auth as { deviceId?: unknown }).deviceId ?? socket.id);
  socket.on(AGENT_EVENTS.heartbeat, (_payload: unknown, ack: Ack) => ack?.({ ok: true }));
  socket.on(AGENT_EVENTS.busy, (payload: { isBusy?: unknown }, ack: Ack) => {
    io.to(CONSOLES_ROOM).emit(SERVER_EVENTS.deviceStatusUpdate, { deviceId, isBusy: payload?.isBusy === true });
    ack?.({ ok: true });
  });
});

await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const address = httpServer.address();
serveParent(async () => {
  io.local.disconnectSockets(true);
  await new Promise<void>((resolve) => io.close(() => resolve()));
  await Promise.allSettled([redis?.quit(), redisSub?.quit()]);
});
send({
  type: 'ready',
  port: typeof address === 'object' && address ? address.port : 0,
  detail: { redis: Boolean(redis) },
});
