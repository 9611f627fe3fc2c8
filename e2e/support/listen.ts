import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a loopback HTTP server (a merchant's webhook receiver, its shop page); `handle` answers each request. */
export async function listen(
  handle: Parameters<typeof createServer>[1],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type Delivery = { path: string; headers: Record<string, string | string[] | undefined>; body: string };

/** A merchant's webhook receiver that keeps every delivery and answers 204. */
export async function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const receiver = await listen((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  return { ...receiver, deliveries };
}
