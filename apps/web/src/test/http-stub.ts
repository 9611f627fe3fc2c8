import { MODE_HEADER } from '@gerbang/contract';
import { replaceTransport } from '../lib/api-client';

/**
 * Stubs HTTP at the network edge of the app's API client (its transport): the token, the mode,
 * refresh and replay all run for real; only the wire is replaced.
 */
export type StubRequest = {
  method: string;
  url: string;
  /** The query string's parameters as the client passed them. */
  params: Record<string, unknown>;
  authorization: string | null;
  /** The Idempotency-Key header of a money request. */
  idempotencyKey: string | null;
  /** The merchant console's mode header (test mode), when sent. */
  mode: string | null;
  data: unknown;
};
export type StubResponse = { status: number; data?: unknown; headers?: Record<string, string> };
export type StubHandler = (request: StubRequest) => StubResponse | Promise<StubResponse>;

/** A header as the client sent it, whatever its case. */
function headerOf(headers: Record<string, string>, name: string): string | null {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return found?.[1] ?? null;
}

export function stubHttp(handler: StubHandler): { requests: StubRequest[]; restore(): void } {
  const requests: StubRequest[] = [];
  const restore = replaceTransport(async (request) => {
    const stubRequest: StubRequest = {
      method: request.method,
      url: request.url,
      params: request.params,
      authorization: headerOf(request.headers, 'Authorization'),
      idempotencyKey: headerOf(request.headers, 'Idempotency-Key'),
      mode: headerOf(request.headers, MODE_HEADER),
      // As the server would read it: what JSON keeps of the body.
      data: request.data === undefined ? undefined : JSON.parse(JSON.stringify(request.data)),
    };
    requests.push(stubRequest);
    const { status, data = null, headers = {} } = await handler(stubRequest);
    return { status, data, headers };
  });
  return { requests, restore };
}

export function errorBody(code: string, message = code) {
  return { error: { code, message }, requestId: 'test-request' };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
