import { type Command, commandAckSchema } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentLink } from './agent-link';

/** The agent must ack receipt quickly; its result may take until the command's deadline. */
export const COMMAND_ACK_TIMEOUT_MS = 5000;

/**
 * How sending a command went: accepted (the result comes later, or the deadline passes), silent
 * (no ack in time: left to the deadline, the agent may still be working), or failed at once: no
 * agent anywhere (offline), refused (unsupported, with its reason), or an ack that makes no sense.
 */
export type DispatchOutcome =
  | { kind: 'accepted' }
  | { kind: 'silent' }
  | { kind: 'failed'; reason: 'offline' | 'unsupported' | 'failed'; message: string | null };

/** Sends one command to a device's agent and reads its receipt: the one way every command goes out. */
export async function dispatchCommand(
  link: AgentLink,
  deviceId: string,
  command: Command,
  options: { ackTimeoutMs: number; logger: FastifyBaseLogger },
): Promise<DispatchOutcome> {
  const { acks, timedOut } = await link.sendCommand(deviceId, command, options.ackTimeoutMs);
  if (acks.length === 0) return timedOut ? { kind: 'silent' } : { kind: 'failed', reason: 'offline', message: null };
  const parsed = acks.map((ack) => commandAckSchema.safeParse(ack));
  if (parsed.some((p) => p.success && p.data.accepted)) return { kind: 'accepted' };
  const refusal = parsed.find((p) => p.success && !p.data.accepted);
  if (refusal?.success && !refusal.data.accepted) {
    return { kind: 'failed', reason: 'unsupported', message: refusal.data.reason };
  }
  options.logger.warn(
    { commandId: command.id, type: command.type, acks },
    'agent answered a command with an invalid ack',
  );
  return {
    kind: 'failed',
    reason: 'failed',
    message: 'The agent answered the command with an invalid acknowledgement',
  };
}
