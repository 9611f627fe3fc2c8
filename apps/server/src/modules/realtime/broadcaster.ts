import { type Area, can, ROLE, ROLE_IDS, type ServerToClientEvents } from '@gerbang/contract';
import { merchantRoom, roleRoom } from './rooms';
import type { RealtimeServer } from './socket-types';

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

  return {
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
