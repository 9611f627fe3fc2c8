import type { ClientToServerEvents, ServerToClientEvents } from '@gerbang/contract';
import type { Server, Socket } from 'socket.io';
import type { AuthContext } from '../../http/authenticate';

// biome-ignore lint/complexity/noBannedTypes: no server-to-server events yet.
type InterServerEvents = {};

/** What the handshake stores on each socket. */
export type SocketData = { auth: Omit<AuthContext, 'user'>; tokenExpiresAtMs: number };

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
