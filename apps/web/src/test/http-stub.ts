import { MODE_HEADER } from '@gerbang/contract';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../lib/api-client';

/**
 * Stubs HTTP at the network edge of the app's axios instance (its adapter): interceptors,
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
export type StubResponse = { status: number; data?: unknown };
export type StubHandler = (request: StubRequest) => StubResponse | Promise<StubResponse>;

export function stubHttp(handler: StubHandler): { requests: StubRequest[]; restore(): void } {
  const previous = api.defaults.adapter;
  const requests: StubRequest[] = [];
  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const request: StubRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params as Record<string, unknown> | undefined) ?? {},
      authorization: (config.headers.get('Authorization') as string | undefined) ?? null,
      idempotencyKey: (config.headers.get('Idempotency-Key') as string | undefined) ?? null,
      mode: (config.headers.get(MODE_HEADER) as string | undefined) ?? null,
      data: typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const { status, data = null } = await handler(request);
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      response,
    );
  };
  return {
    requests,
    restore: () => {
      api.defaults.adapter = previous;
    },
  };
}

export function errorBody(code: string, message = code) {
  return { error: { code, message }, requestId: 'test-request' };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
