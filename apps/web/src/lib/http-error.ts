/**
 * What the console's API client (./api-client) sends and throws, recognisable without loading
 * the client, which the sign-in page must not wait for.
 */

/** Thrown by the API client when there is no refresh token to renew the session with. */
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

/** One request as it goes on the wire: the path under the API's URL, its query and its body. */
export type HttpRequest = {
  method: string;
  url: string;
  params: Record<string, unknown>;
  headers: Record<string, string>;
  /** The body, serialized as JSON when sent; none when undefined. */
  data: unknown;
  responseType: 'json' | 'blob';
};

/** An answer: the status, the body (parsed JSON, text, or a Blob when asked for one), the headers in lower case. */
export type HttpResponse<T = unknown> = { status: number; data: T; headers: Record<string, string> };

/** A request that got no answer (`response` undefined: offline, DNS, CORS, the timeout) or one outside 2xx. */
export class HttpError extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly request: HttpRequest,
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return typeof value === 'object' && value !== null && (value as { isHttpError?: unknown }).isHttpError === true;
}
