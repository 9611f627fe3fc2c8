import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver was sent: the headers and the raw body. */
export type Received = { headers: IncomingMessage['headers']; body: string };
/** A request the receiver has answered, with the status it answered. */
export type Answered = Received & { status: number };
/**
 * How it answers one request: a status (with a body and headers, after `delayMs`), or never
 * ('hang': the sender's timeout decides).
 */
export type ReceiverAnswer =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | 'hang';

/** A receiver that refuses with 500, as a merchant's endpoint that is down. */
export const DOWN: ReceiverAnswer = { status: 500, body: 'receiver is down' };

/**
 * A merchant's webhook endpoint for the tests: a real HTTP server on loopback that keeps what it is
 * sent (`received`, in arrival order) and what it has answered (`answered`, in the order the answers
 * went out), and answers each request with the next answer of its script, then with its standing
 * answer (204 unless told otherwise).
 */
export async function webhookReceiver(standing: ReceiverAnswer = { status: 204 }) {
  const received: Received[] = [];
  const answered: Answered[] = [];
  const script: ReceiverAnswer[] = [];
  let current = standing;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const arrived = { headers: request.headers, body };
      received.push(arrived);
      const answer = script.shift() ?? current;
      if (answer === 'hang') return;
      setTimeout(() => {
        answered.push({ ...arrived, status: answer.status });
        response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answered,
    /** Answers to come, in order, before the standing one. */
    script,
    hits: () => received.length,
    /** The answer from now on. */
    answer(next: ReceiverAnswer) {
      current = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
