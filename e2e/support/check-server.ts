import { createServer, type Server } from 'node:http';

export type CheckServer = { close(): Promise<void> };

/**
 * What proxy checks fetch through the proxy: like api.ipify.org?format=json, it answers with the
 * address the request came from, which is the proxy's exit IP.
 */
export async function startCheckServer(url: string): Promise<CheckServer> {
  const { hostname, port } = new URL(url);
  const server: Server = createServer((request, response) => {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ip: request.socket.remoteAddress?.replace(/^::ffff:/, '') }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), hostname, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
