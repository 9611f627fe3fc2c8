import type {
  AgentAccounts,
  AgentToServerEvents,
  Command,
  DisconnectReason,
  ServerToAgentEvents,
} from '@gerbang/contract';
import type { Namespace, Socket } from 'socket.io';

/** What the handshake stores on each agent socket. */
export type AgentSocketData = {
  deviceId: string;
  /** The hash of the token it connected with: a rotation after the handshake must still lock it out. */
  tokenHash: string;
  /** Ours, not socket.id: unique across instances and written to devices.connection_id. */
  connectionId: string;
  helloAt: number | null;
  /** Why this server dropped the socket itself (for the connection log). */
  dropReason?: string;
};
// biome-ignore lint/complexity/noBannedTypes: no server-to-server events.
type InterServerEvents = {};
export type AgentNamespace = Namespace<AgentToServerEvents, ServerToAgentEvents, InterServerEvents, AgentSocketData>;
export type AgentSocket = Socket<AgentToServerEvents, ServerToAgentEvents, InterServerEvents, AgentSocketData>;

/**
 * Each agent socket joins its device's room after hello. Everything aimed at a device goes to the
 * room, never to a socket id, so with the Redis adapter it reaches the device on any instance.
 */
export const deviceRoom = (deviceId: string) => `device:${deviceId}`;

export const DISCONNECT_MESSAGES: Record<DisconnectReason['reason'], string> = {
  replaced: 'Another connection with this device token replaced this one',
  token_rotated: 'The device token was rotated; this token no longer works',
  disabled: 'The device was disabled by an operator',
  unsupported_protocol: 'This protocol version is not supported by the server',
  hello_timeout: 'No agent:hello arrived in time after connecting',
};

export type CommandDelivery = { acks: unknown[]; timedOut: boolean };

/** Reaches agents by device, on whichever instance holds them. Bound once the namespace exists. */
export function createAgentLink() {
  let ns: AgentNamespace | null = null;
  return {
    bind(namespace: AgentNamespace) {
      ns = namespace;
    },

    /**
     * Tells the device's agent(s) why, then drops them (the reason is flushed before the close),
     * sparing `keepSocketId`. The Redis adapter runs a disconnect on every node, this one included,
     * some time later: a socket that joins the room meanwhile must be excluded by its own room.
     */
    kick(deviceId: string, reason: DisconnectReason['reason'] | null, keepSocketId?: string) {
      if (!ns) return;
      const room = deviceRoom(deviceId);
      const except = keepSocketId ? [keepSocketId] : [];
      if (reason) {
        ns.to(room).except(except).emit('agent:disconnect-reason', { reason, message: DISCONNECT_MESSAGES[reason] });
      }
      ns.in(room).except(except).disconnectSockets(true);
    },

    /** Tells the device's agent which wallet accounts Gerbang manages on it (no ack: hello repeats it). */
    sendAccounts(deviceId: string, accounts: AgentAccounts) {
      ns?.to(deviceRoom(deviceId)).emit('agent:accounts', accounts);
    },

    /**
     * Sends a command and collects the agents' receipts. No agent anywhere → no acks at once;
     * an agent that does not ack within `timeoutMs` → timedOut with what did arrive.
     */
    sendCommand(deviceId: string, command: Command, timeoutMs: number): Promise<CommandDelivery> {
      const namespace = ns;
      if (!namespace) return Promise.resolve({ acks: [], timedOut: false });
      return new Promise((resolve) => {
        namespace
          .to(deviceRoom(deviceId))
          .timeout(timeoutMs)
          .emit('command', command, (error: Error | null, acks: unknown[]) => {
            resolve({ acks: acks ?? [], timedOut: Boolean(error) });
          });
      });
    },
  };
}
export type AgentLink = ReturnType<typeof createAgentLink>;
