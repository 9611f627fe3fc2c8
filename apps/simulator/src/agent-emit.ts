import { type AgentError, type AgentToServerEvents, agentAckSchema, type ServerToAgentEvents } from '@gerbang/contract';
import type { Socket } from 'socket.io-client';

/**
 * Emits an agent event with an ack and reads the ack: 'ok', the server's error code, or 'no_ack'
 * (no connected socket, or no answer in time). A refusal or a missing ack is told to `onProblem`
 * (with the server's words for a refusal).
 */
export async function emitChecked<E extends keyof AgentToServerEvents>(
  socket: Socket<ServerToAgentEvents, AgentToServerEvents> | null,
  ackTimeoutMs: number,
  event: E,
  payload: Parameters<AgentToServerEvents[E]>[0],
  onProblem: (why: string | null) => void,
): Promise<'ok' | AgentError['code'] | 'no_ack'> {
  if (!socket?.connected) return 'no_ack';
  // socket.io's typings cannot pick the overload for a generic event name; the payload is typed above.
  const emitter = socket.timeout(ackTimeoutMs) as unknown as {
    emitWithAck(event: string, payload: unknown): Promise<unknown>;
  };
  try {
    const ack = agentAckSchema.safeParse(await emitter.emitWithAck(event, payload));
    if (ack.success && ack.data.ok) return 'ok';
    onProblem(ack.success && !ack.data.ok ? `${ack.data.error.code}: ${ack.data.error.message}` : 'malformed ack');
    return ack.success && !ack.data.ok ? ack.data.error.code : 'no_ack';
  } catch {
    onProblem(null);
    return 'no_ack';
  }
}
