import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse } from '@gerbang/contract';
import { SECURITY_HEADERS } from './security-headers';

/** Node's clientError: `rawPacket` is the Buffer it was parsing (Fastify's types describe it as JSON). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** Node's limit on a request's line and headers together (http.maxHeaderSize; the server sets none). */
const HEAD_LIMIT_BYTES = 16 * 1024;

/** What a request that Node's parser refused is answered: status, and the message naming what is wrong. */
function answerTo(error: ClientError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: 'The request did not arrive in time' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The packet Node saw: when its request line had not ended within the limit, the URL is at fault.
    const lineEnd = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf('\n') : -1;
    if (lineEnd === -1 || lineEnd >= HEAD_LIMIT_BYTES) {
      return { status: 414, message: `The URL is longer than ${HEAD_LIMIT_BYTES / 1024} KiB` };
    }
    return { status: 431, message: `The URL and headers are larger than ${HEAD_LIMIT_BYTES / 1024} KiB together` };
  }
  return { status: 400, message: 'The request could not be read as HTTP' };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or a URL beyond its limit,
 * a malformed request line or header, a request that never finished) are answered in the one error
 * shape with the security headers, never Fastify's own body, and the connection is closed.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = answerTo(error);
  const payload: ErrorResponse = { error: { code: 'BAD_REQUEST', message }, requestId: randomUUID() };
  const body = JSON.stringify(payload);
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': payload.requestId,
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
}
