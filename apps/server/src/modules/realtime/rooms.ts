import type { RoleId } from '@gerbang/contract';

/**
 * Socket.io room names. Every socket joins the rooms of its role, merchant (if any), user and
 * session, so the server can reach "everyone who may see devices", "one merchant's users",
 * "one user's tabs" or "one session" without tracking sockets itself (works across instances
 * with the Redis adapter).
 */
export const roleRoom = (roleId: RoleId) => `role:${roleId}`;
export const merchantRoom = (merchantId: string) => `merchant:${merchantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function roomsFor(auth: { roleId: RoleId; merchantId: string | null; userId: string; sessionId: string }) {
  const rooms = [roleRoom(auth.roleId), userRoom(auth.userId), sessionRoom(auth.sessionId)];
  if (auth.merchantId) rooms.push(merchantRoom(auth.merchantId));
  return rooms;
}
