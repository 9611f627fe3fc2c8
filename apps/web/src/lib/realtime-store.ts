import type { ClientToServerEvents, ServerToClientEvents } from '@gerbang/contract';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The realtime connection's state and hooks, without socket.io or the payload schemas: those
 * load with `./realtime` when a user signs in, so signed-out pages never download them.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeEventName = keyof ServerToClientEvents;
export type RealtimeHandler<E extends RealtimeEventName> = (...args: Parameters<ServerToClientEvents[E]>) => void;
export type RealtimePayloadParser = (
  name: RealtimeEventName,
  payload: unknown,
) => { ok: true; value: unknown } | { ok: false };

let socket: RealtimeSocket | null = null;
// Installed by `./realtime` before it creates a socket; until then there is nothing to parse.
let parsePayload: RealtimePayloadParser = () => ({ ok: false });
const socketListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

export function setRealtimeSocket(next: RealtimeSocket | null): void {
  socket = next;
  for (const listener of socketListeners) listener();
}

export function setRealtimePayloadParser(parser: RealtimePayloadParser): void {
  parsePayload = parser;
}

export function getRealtimeSocket(): RealtimeSocket | null {
  return socket;
}

export function disconnectRealtime(): void {
  if (!socket) return;
  const current = socket;
  setRealtimeSocket(null);
  current.removeAllListeners();
  current.disconnect();
}

/** Runs after every reconnect; returns the unsubscribe. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export function notifyRealtimeReconnect(): void {
  for (const listener of reconnectListeners) listener();
}

function subscribeSocket(listener: () => void): () => void {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
}

export function useRealtimeSocket(): RealtimeSocket | null {
  return useSyncExternalStore(subscribeSocket, getRealtimeSocket, () => null);
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
      const parsed = parsePayload(name, payload);
      if (!parsed.ok) return;
      (handlerRef.current as (value?: unknown) => void)(parsed.value);
    };
    untyped.on(name as string, listener);
    return () => {
      untyped.off(name as string, listener);
    };
  }, [current, name]);
}
