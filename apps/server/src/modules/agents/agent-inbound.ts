import {
  AGENT_EVENTS,
  AGENT_MAX_PAYLOAD_BYTES,
  type AgentAck,
  type AgentError,
  type HelloAck,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AgentSocket } from './agent-link';

type Answer = AgentAck | HelloAck;
type Listener = (...args: unknown[]) => void;

export const refuse = (code: AgentError['code'], message: string): { ok: false; error: AgentError } => ({
  ok: false,
  error: { code, message },
});

/** The payload's size on the wire (JSON); anything that cannot be serialised counts as too large. */
function sizeOf(payload: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** "telemetry.battery: Too big: expected number to be <=100; …" — names the fields. */
function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(payload)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Registers one inbound agent event: checks hello-first, size and the contract schema before the
 * handler runs, so a refused payload changes nothing. Always answers through the ack if the agent
 * gave one; a missing ack callback is fine; a handler's failure is logged and answered INTERNAL.
 */
export function onInbound<S extends z.ZodType>(
  socket: AgentSocket,
  logger: FastifyBaseLogger,
  event: string,
  schema: S,
  handle: (payload: z.output<S>) => Promise<Answer>,
  options: { helloFirst: boolean } = { helloFirst: true },
): void {
  const listener: Listener = (...args) => {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (args.pop() as (answer: Answer) => void) : undefined;
    const reply = (answer: Answer) => {
      try {
        ack?.(answer);
      } catch (error) {
        logger.warn({ err: error, event }, 'agent ack failed');
      }
    };
    const payload = args[0];
    if (options.helloFirst && socket.data.helloAt === null) {
      return reply(refuse('HELLO_REQUIRED', `Send ${AGENT_EVENTS.hello} first`));
    }
    const size = sizeOf(payload);
    if (size > AGENT_MAX_PAYLOAD_BYTES) {
      logger.warn({ event, size }, 'agent payload too large; refused');
      return reply(refuse('PAYLOAD_TOO_LARGE', `Payloads are limited to ${AGENT_MAX_PAYLOAD_BYTES} bytes`));
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const message = `Invalid payload: ${describe(parsed.error)}`;
      logger.warn({ event, message }, 'agent payload invalid; refused');
      return reply(refuse('INVALID_PAYLOAD', message));
    }
    handle(parsed.data).then(reply, (error) => {
      logger.error({ err: error, event }, 'agent event failed');
      reply(refuse('INTERNAL', 'The server could not handle this event; try again'));
    });
  };
  (socket as unknown as { on(event: string, listener: Listener): void }).on(event, listener);
}
