import { REQUEST_TIMEOUT_MS, refreshToken, signin, type TokenPair } from '@gerbang/contract';
import { env } from '../config/env';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './auth-tokens';
import { afterFirstFrame } from './first-frame';
import { HttpError, type HttpRequest, type HttpResponse, isHttpError, NO_REFRESH_TOKEN_MESSAGE } from './http-error';
import { redirectToSignIn } from './navigation';
import { requestStepUp } from './step-up';

export { NO_REFRESH_TOKEN_MESSAGE };

/** A call of the console's API: a path under the backend URL, its query, its body. */
export type RequestConfig = {
  method?: string;
  url: string;
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
};
type CallOptions = Omit<RequestConfig, 'method' | 'url' | 'data'>;

/** How a call went, for the replays: each is tried at most once more after a refresh or a step-up. */
type Attempt = RequestConfig & {
  /** The refresh call itself: it carries the refresh token and must never trigger a refresh. */
  isRefreshCall?: boolean;
  hasRetriedAfterRefresh?: boolean;
  hasRetriedAfterStepUp?: boolean;
};

/** Puts a request on the wire; resolves with any answer, throws an HttpError when none came. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** `${base}/${path}` with one slash between, as the server's routes are written. */
function urlOf(request: HttpRequest): string {
  const url = `${env.backendUrl.replace(/\/+$/, '')}/${request.url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.params)) {
    if (value === undefined || value === null) continue;
    query.append(name, value instanceof Date ? value.toISOString() : String(value));
  }
  const search = query.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The body as the server sent it: JSON when it parses (an empty body is ''), else the text. */
function readBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Set while the page unloads (a reload, a link away): the browser cancels its requests, which is
 * no failure of theirs. Nothing waiting on one may act on it, least of all the current-user
 * check, which would end the session that the next page load needs.
 */
let isLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    isLeaving = true;
  });
  window.addEventListener('pageshow', () => {
    isLeaving = false;
  });
}

/** Spec §7: the backend URL, credentials, JSON, the 3-minute timeout. */
const fetchTransport: Transport = async (request) => {
  const hasBody = request.data !== undefined;
  // A controller and a timer rather than AbortSignal.timeout, which Safari has only since 16.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(urlOf(request), {
      method: request.method,
      headers: hasBody ? { 'Content-Type': 'application/json', ...request.headers } : request.headers,
      body: hasBody ? JSON.stringify(request.data) : undefined,
      credentials: 'include',
      signal: controller.signal,
    });
    const data = request.responseType === 'blob' ? await response.blob() : readBody(await response.text());
    return { status: response.status, data, headers: Object.fromEntries(response.headers) };
  } catch {
    if (isLeaving) return new Promise<never>(() => undefined);
    throw new HttpError(timedOut ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : 'Network Error', request);
  } finally {
    clearTimeout(timer);
  }
};

let transport: Transport = fetchTransport;

/** Tests answer the wire themselves (test/http-stub.ts); everything above it runs for real. Returns the undo. */
export function replaceTransport(next: Transport): () => void {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
}

/**
 * Headers every call carries besides the token: the merchant console's Test/Live mode, which
 * lib/console-mode.ts sets when the console loads (the sign-in page's download does without it).
 */
let extraHeaders: () => Record<string, string> = () => ({});
export function setExtraRequestHeaders(read: () => Record<string, string>): void {
  extraHeaders = read;
}

function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** One try: after the first frame (lib/first-frame.ts), with the current token and mode. */
async function send(attempt: Attempt): Promise<HttpResponse> {
  await afterFirstFrame();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!attempt.isRefreshCall) {
    const token = getAccessToken();
    if (token) headers.Authorization = bearer(token);
    Object.assign(headers, extraHeaders());
  }
  const request: HttpRequest = {
    method: (attempt.method ?? 'GET').toUpperCase(),
    url: attempt.url,
    params: { ...attempt.params },
    headers: { ...headers, ...attempt.headers },
    data: attempt.data,
    responseType: attempt.responseType ?? 'json',
  };
  const response = await transport(request);
  if (response.status >= 200 && response.status < 300) return response;
  throw new HttpError(`Request failed with status code ${response.status}`, request, response);
}

let pendingRefresh: Promise<string> | null = null;

/**
 * The contract's `refreshTokenResponseSchema` (a token pair), checked by hand: the client is part
 * of every signed-in page's layout, which draws before zod and the schemas have loaded.
 */
function readTokenPair(data: unknown): TokenPair {
  const pair = data as Partial<Record<keyof TokenPair, unknown>> | null;
  if (typeof pair?.accessToken !== 'string' || typeof pair.refreshToken !== 'string') {
    throw new Error('The session could not be renewed: the answer held no token pair');
  }
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
}

async function requestNewTokens(): Promise<string> {
  const token = getRefreshToken();
  if (!token) throw new Error(NO_REFRESH_TOKEN_MESSAGE);
  // Flagged so no replay waits on it: a refresh that waited for a refresh would never settle.
  const response = await send({
    method: refreshToken.method,
    url: refreshToken.path,
    headers: { Authorization: bearer(token) },
    isRefreshCall: true,
  });
  const tokens = readTokenPair(response.data);
  setTokens(tokens);
  return tokens.accessToken;
}

/**
 * Spec §4: one refresh shared by every caller that is waiting at the same time (concurrent 401s,
 * the realtime client). On failure the session is over: both tokens go, and so does the user,
 * to sign-in with a redirect back.
 */
export function refreshAccessToken(): Promise<string> {
  if (pendingRefresh) return pendingRefresh;
  pendingRefresh = requestNewTokens()
    .catch((error: unknown) => {
      clearTokens();
      redirectToSignIn();
      throw error;
    })
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

function refusalOf(error: unknown): { status: number; code: unknown; sentWith?: string } | null {
  if (!isHttpError(error) || !error.response) return null;
  const body = error.response.data as { error?: { code?: unknown } } | undefined;
  return { status: error.response.status, code: body?.error?.code, sentWith: error.request.headers.Authorization };
}

/**
 * A call, with the session's two recoveries: a money action refused for want of a fresh second
 * factor asks for a code, then is sent again; a 401 renews the session once and is sent again
 * (wrong credentials at sign-in are an answer for the form, not an expired session).
 */
async function call(attempt: Attempt): Promise<HttpResponse> {
  try {
    return await send(attempt);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal?.status === 403 && refusal.code === 'STEP_UP_REQUIRED' && !attempt.hasRetriedAfterStepUp) {
      if (!(await requestStepUp())) throw error;
      return call({ ...attempt, hasRetriedAfterStepUp: true });
    }
    if (refusal?.status !== 401 || attempt.isRefreshCall || attempt.hasRetriedAfterRefresh) throw error;
    if (attempt.url === signin.path) throw error;
    const current = getAccessToken();
    // A request that left before another refresh finished only needs the newer token.
    if (!current || refusal.sentWith === bearer(current)) await refreshAccessToken();
    return call({ ...attempt, hasRetriedAfterRefresh: true });
  }
}

/**
 * The console's API client (fetch; no HTTP library in the consoles' download). Answers' bodies
 * are the caller's to check, with the contract's schema for that endpoint.
 */
export const api = {
  // biome-ignore lint/suspicious/noExplicitAny: a body is parsed by its caller's schema; tests read it directly.
  request: <T = any>(config: RequestConfig) => call(config) as Promise<HttpResponse<T>>,
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  get: <T = any>(url: string, options?: CallOptions) => api.request<T>({ ...options, method: 'GET', url }),
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  delete: <T = any>(url: string, options?: CallOptions) => api.request<T>({ ...options, method: 'DELETE', url }),
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  post: <T = any>(url: string, data?: unknown, options?: CallOptions) =>
    api.request<T>({ ...options, method: 'POST', url, data }),
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  put: <T = any>(url: string, data?: unknown, options?: CallOptions) =>
    api.request<T>({ ...options, method: 'PUT', url, data }),
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  patch: <T = any>(url: string, data?: unknown, options?: CallOptions) =>
    api.request<T>({ ...options, method: 'PATCH', url, data }),
};
