import {
  type ClientToServerEvents,
  deviceGetConnectedSchema,
  deviceStatusUpdateSchema,
  healthCheckEventSchema,
  REALTIME_CONNECT_ERRORS,
  REALTIME_PATH,
  REALTIME_RECONNECTION,
  SERVER_EVENTS,
  type ServerToClientEvents,
  sessionEndedSchema,
} from '@gerbang/contract';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ZodType } from 'zod';
import { env } from '../config/env';
import { refreshAccessToken } from './api-client';
import { getAccessToken } from './auth-tokens';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeEventName = keyof ServerToClientEvents;
export type RealtimeHandler<E extends RealtimeEventName> = (...args: Parameters<ServerToClientEvents[E]>) => void;

/** Every inbound payload is parsed (STYLE.md habit 3); events without a payload have no entry. */
const PAYLOAD_SCHEMAS: Partial<Record<RealtimeEventName, { schema: ZodType; warnWhenInvalid: boolean }>> = {
  [SERVER_EVENTS.healthCheck]: { schema: healthCheckEventSchema, warnWhenInvalid: true },
  [SERVER_EVENTS.deviceStatusUpdate]: { schema: deviceStatusUpdateSchema, warnWhenInvalid: true },
  // Spec §8: an invalid device:getConnected payload is ignored without a warning.
  [SERVER_EVENTS.deviceGetConnected]: { schema: deviceGetConnectedSchema, warnWhenInvalid: false },
  [SERVER_EVENTS.sessionEnded]: { schema: sessionEndedSchema, warnWhenInvalid: true },
};

let socket: RealtimeSocket | null = null;
const socketListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

function setSocket(next: RealtimeSocket | null): void {
  socket = next;
  for (const listener of socketListeners) listener();
}

// Read at every (re)connect, so a refreshed token is the one sent.
function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function createSocket(): RealtimeSocket {
  const created: RealtimeSocket = io(env.backendUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: true,
    ...REALTIME_RECONNECTION,
    autoConnect: false,
    auth: (cb) => cb({ token: getAccessToken() }),
    extraHeaders: authHeaders(),
  });
  let hasConnectedBefore = false;
  let hasRefreshedForThisFailure = false;

  const reconnectWithFreshToken = () => {
    refreshAccessToken()
      .then(() => {
        if (socket !== created) return;
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
    if (hasConnectedBefore) for (const listener of reconnectListeners) listener();
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

/** Connects (once) for the signed-in user. */
export function connectRealtime(): RealtimeSocket {
  const current = socket ?? createSocket();
  if (!socket) setSocket(current);
  if (!current.connected && !current.active) current.connect();
  return current;
}

export function disconnectRealtime(): void {
  if (!socket) return;
  const current = socket;
  setSocket(null);
  current.removeAllListeners();
  current.disconnect();
}

export function getRealtimeSocket(): RealtimeSocket | null {
  return socket;
}

/** Runs after every reconnect; returns the unsubscribe. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function subscribeSocket(listener: () => void): () => void {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
}

export function useRealtimeSocket(): RealtimeSocket | null {
  return useSyncExternalStore(subscribeSocket, getRealtimeSocket, () => null);
}

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

/** Subscribes `handler` to a server event for as long as the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEventName>(name: E, handler: RealtimeHandler<E>): void {
  const current = useRealtimeSocket();
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    // socket.io's typed `on` cannot follow a generic event name; the payload is parsed below.
    const untyped = current as unknown as Socket;
    const listener = (payload?: unknown) => {
      const parsed = parseRealtimePayload(name, payload);
      if (!parsed.ok) return;
      (handlerRef.current as (value?: unknown) => void)(parsed.value);
    };
    untyped.on(name as string, listener);
    return () => {
      untyped.off(name as string, listener);
    };
  }, [current, name]);
}
