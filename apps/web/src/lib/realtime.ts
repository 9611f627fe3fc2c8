import {
  deviceGetConnectedSchema,
  deviceStatusUpdateSchema,
  healthCheckEventSchema,
  paymentSessionUpdateSchema,
  REALTIME_CONNECT_ERRORS,
  REALTIME_PATH,
  REALTIME_RECONNECTION,
  SERVER_EVENTS,
  sessionEndedSchema,
  walletHealthCheckEventSchema,
  walletLoginStatusUpdateSchema,
  walletRefreshSchema,
} from '@gerbang/contract';
import { io } from 'socket.io-client';
import type { ZodType } from 'zod';
import { env } from '../config/env';
import { refreshAccessToken } from './api-client';
import './zod-config';
import { getAccessToken } from './auth-tokens';
import { getConsoleMode, subscribeConsoleMode } from './console-mode';
import {
  getRealtimeSocket,
  notifyRealtimeReconnect,
  type RealtimeEventName,
  type RealtimeSocket,
  setRealtimePayloadParser,
  setRealtimeSocket,
} from './realtime-store';

export {
  disconnectRealtime,
  getRealtimeSocket,
  onRealtimeReconnect,
  type RealtimeEventName,
  type RealtimeHandler,
  type RealtimeSocket,
  useRealtimeEvent,
  useRealtimeSocket,
} from './realtime-store';

/** Every inbound payload is parsed (STYLE.md habit 3); events without a payload have no entry. */
const PAYLOAD_SCHEMAS: Partial<Record<RealtimeEventName, { schema: ZodType; warnWhenInvalid: boolean }>> = {
  [SERVER_EVENTS.healthCheck]: { schema: healthCheckEventSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.deviceStatusUpdate]: { schema: deviceStatusUpdateSchema, warnWhenInvalid: true },
  // Spec §8: an invalid device:getConnected payload is ignored without a warning.
  [SERVER_EVENTS.deviceGetConnected]: { schema: deviceGetConnectedSchema, warnWhenInvalid: false },
  [SERVER_EVENTS.sessionEnded]: { schema: sessionEndedSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.mayaLoginStatusUpdate]: { schema: walletLoginStatusUpdateSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.walletLoginStatusUpdate]: { schema: walletLoginStatusUpdateSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.walletHealthCheck]: { schema: walletHealthCheckEventSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.walletRefresh]: { schema: walletRefreshSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.paymentSessionUpdate]: { schema: paymentSessionUpdateSchema, warnWhenInvalid: true },
};

/** Parses a payload with its contract schema; `undefined` marks one to ignore. */
export function parseRealtimePayload(
  name: RealtimeEventName,
  payload: unknown,
): { ok: true; value: unknown } | { ok: false } {
  const entry = PAYLOAD_SCHEMAS[name];
  if (!entry) return { ok: true, value: payload };
  const parsed = entry.schema.safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data };
  if (entry.warnWhenInvalid) console.warn(`Ignored invalid "${name}" payload`, parsed.error.issues);
  return { ok: false };
}

// Before any socket exists, so useRealtimeEvent (in the light store) parses every payload.
setRealtimePayloadParser(parseRealtimePayload);

// Read at every (re)connect, so a refreshed token is the one sent.
function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** socket.io's origin and path under the API's URL (`…/api` → `/api/ws`): a path in the URL would name a namespace. */
function realtimeAddress(): { origin: string; path: string } {
  const api = new URL(env.backendUrl);
  return { origin: api.origin, path: `${api.pathname.replace(/\/+$/, '')}${REALTIME_PATH}` };
}

function createSocket(): RealtimeSocket {
  const address = realtimeAddress();
  const created: RealtimeSocket = io(address.origin, {
    path: address.path,
    transports: ['websocket'],
    reconnection: true,
    ...REALTIME_RECONNECTION,
    autoConnect: false,
    auth: (cb) => cb({ token: getAccessToken(), mode: getConsoleMode() }),
    extraHeaders: authHeaders(),
  });
  let hasConnectedBefore = false;
  let hasRefreshedForThisFailure = false;

  const reconnectWithFreshToken = () => {
    refreshAccessToken()
      .then(() => {
        if (getRealtimeSocket() !== created) return;
        created.io.opts.extraHeaders = authHeaders();
        created.connect();
      })
      // The API client has already ended the session and sent the user to sign-in.
      .catch(() => undefined);
  };

  created.io.on('reconnect_attempt', () => {
    created.io.opts.extraHeaders = authHeaders();
  });
  created.on('connect', () => {
    hasRefreshedForThisFailure = false;
    // Events may have been missed while disconnected: callers resync from REST.
    if (hasConnectedBefore) notifyRealtimeReconnect();
    hasConnectedBefore = true;
  });
  created.on('connect_error', (error) => {
    // The server refuses the handshake once per bad token; refresh once, not in a loop.
    if (error.message !== REALTIME_CONNECT_ERRORS.unauthorized || hasRefreshedForThisFailure) return;
    hasRefreshedForThisFailure = true;
    reconnectWithFreshToken();
  });
  created.on(SERVER_EVENTS.sessionEnded, (payload) => {
    const parsed = sessionEndedSchema.safeParse(payload);
    if (parsed.success && parsed.data.reason === 'expired') reconnectWithFreshToken();
  });
  return created;
}

// Test/Live switched: the socket joins the other mode's merchant room (the handshake says which).
subscribeConsoleMode(() => {
  const socket = getRealtimeSocket();
  if (socket?.connected) socket.disconnect().connect();
});

/** Connects (once) for the signed-in user. */
export function connectRealtime(): RealtimeSocket {
  const existing = getRealtimeSocket();
  const current = existing ?? createSocket();
  if (!existing) setRealtimeSocket(current);
  if (!current.connected && !current.active) current.connect();
  return current;
}
