import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's webhook endpoint on loopback: answers every delivery 204 at once and stamps
 * (performance.now()) when each session's `payment_session.succeeded` first arrives.
 */
export type WebhookStamper = {
  url: string;
  /** Session id → when its success arrived. */
  succeededAt: Map<string, number>;
  /** Session id → when the server wrote the success's event (its `createdAt`, epoch ms). */
  writtenAt: Map<string, number>;
  /** Every delivery received, of any type. */
  received: number;
  close(): Promise<void>;
};

export function startWebhookStamper(): Promise<WebhookStamper> {
  const stamper: WebhookStamper = {
    url: '',
    succeededAt: new Map(),
    writtenAt: new Map(),
    received: 0,
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      stamper.received += 1;
      response.writeHead(204).end();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          type?: string;
          createdAt?: string;
          data?: { id?: string };
        };
        const id = event.data?.id;
        if (event.type === 'payment_session.succeeded' && id && !stamper.succeededAt.has(id)) {
          stamper.succeededAt.set(id, at);
          stamper.writtenAt.set(id, Date.parse(event.createdAt ?? ''));
        }
      } catch {
        // Not JSON: not one of ours to stamp.
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      stamper.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      stamper.close = () =>
        new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve(stamper);
    });
  });
}
