import { type Area, can, ROLE, ROLE_IDS, type ServerToClientEvents } from '@gerbang/contract';
import { merchantRoom, roleRoom } from './rooms';
import type { RealtimeServer, RealtimeSocket } from './socket-types';

/** Runs when a console connects: for sending it the current state it would otherwise wait for. */
export type ConnectListener = (socket: RealtimeSocket) => void | Promise<void>;

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/**
 * How modules push events to consoles. emitToArea reaches every role that may view the area per
 * the contract's PERMISSIONS (e.g. device events reach only users allowed to see devices).
 * Merchant users are left out on purpose: they only ever get their own merchant's events, through
 * emitToMerchant.
 */
export function createBroadcaster(io: RealtimeServer) {
  const areaRooms = (area: Area) =>
    ROLE_IDS.filter((roleId) => roleId !== ROLE.Merchant && can(roleId, area, 'view')).map(roleRoom);
  const connectListeners = new Set<ConnectListener>();

  return {
    /** Subscribes to console connections (and reconnections); returns the unsubscribe. */
    onConnect(listener: ConnectListener): () => void {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    /** Called by the realtime server for each new console socket. */
    async connected(socket: RealtimeSocket): Promise<void> {
      for (const listener of connectListeners) await listener(socket);
    },
    emitToArea<E extends keyof ServerToClientEvents>(area: Area, event: E, ...args: EventArgs<E>): void {
      const rooms = areaRooms(area);
      if (rooms.length === 0) return;
      (io.to(rooms).emit as (event: E, ...args: EventArgs<E>) => boolean)(event, ...args);
    },
    emitToMerchant<E extends keyof ServerToClientEvents>(merchantId: string, event: E, ...args: EventArgs<E>): void {
      (io.to(merchantRoom(merchantId)).emit as (event: E, ...args: EventArgs<E>) => boolean)(event, ...args);
    },
  };
}
export type Broadcaster = ReturnType<typeof createBroadcaster>;
