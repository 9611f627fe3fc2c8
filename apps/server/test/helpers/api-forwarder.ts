import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { pipeline } from 'node:stream';

/**
 * For a console server whose API runs in another process (the e2e runner, the browser benchmarks):
 * stands in for the API's own server, which `npm start` hands the consoles' `/api` to in one
 * process (buildConsoleServer's `api`). It passes each request and WebSocket upgrade the console
 * server gives it on to the API's port, unchanged, and never listens itself.
 */
export function apiForwarder(apiPort: number): Server {
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: apiPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        // An answer cut short cuts the browser's too (pipeline destroys both on an error).
        pipeline(answer, response, () => {});
      },
    );
    upstream.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    // A browser that goes away (a closed page's event stream) frees the API's side as well.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = connect(apiPort, '127.0.0.1', () => {
      const headers = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${request.method} ${request.url} HTTP/${request.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return server;
}
