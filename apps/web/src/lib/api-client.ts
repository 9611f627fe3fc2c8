import { REQUEST_TIMEOUT_MS, refreshToken, refreshTokenResponseSchema, signin } from '@gerbang/contract';
import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { env } from '../config/env';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './auth-tokens';
import { afterFirstFrame } from './first-frame';
import { NO_REFRESH_TOKEN_MESSAGE } from './http-error';
import { redirectToSignIn } from './navigation';
import { requestStepUp } from './step-up';

// The consoles' CSP forbids eval, so zod's compiled parsers cannot be built; say so once instead
// of letting every first parse of a schema try (and log a CSP violation).
z.config({ jitless: true });

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the replay after a refresh, so a second 401 is final. */
    hasRetriedAfterRefresh?: boolean;
    /** The refresh call itself: it carries the refresh token and must never trigger a refresh. */
    isRefreshCall?: boolean;
    /** Set on the replay after a step-up, so a second refusal is final. */
    hasRetriedAfterStepUp?: boolean;
  }
}

export { NO_REFRESH_TOKEN_MESSAGE };

/** Spec §7: backend URL, credentials, JSON, 3-minute timeout, bearer access token. */
export const api = axios.create({
  baseURL: env.backendUrl,
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

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

api.interceptors.request.use(async (config) => {
  await afterFirstFrame();
  if (config.isRefreshCall) return config;
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', bearer(token));
  for (const [name, value] of Object.entries(extraHeaders())) config.headers.set(name, value);
  return config;
});

let pendingRefresh: Promise<string> | null = null;

async function requestNewTokens(): Promise<string> {
  const token = getRefreshToken();
  if (!token) throw new Error(NO_REFRESH_TOKEN_MESSAGE);
  // Same instance (same adapter, base URL, timeout), but flagged so no interceptor waits on it:
  // a refresh that waited for a refresh would never settle.
  const response = await api.request({
    method: refreshToken.method,
    url: refreshToken.path,
    data: undefined,
    headers: { Authorization: bearer(token) },
    isRefreshCall: true,
  });
  const tokens = refreshTokenResponseSchema.parse(response.data);
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

function isSigninCall(config: InternalAxiosRequestConfig): boolean {
  return config.url === signin.path;
}

function isStepUpRefusal(error: unknown): boolean {
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return false;
  const body = error.response.data as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === 'STEP_UP_REQUIRED';
}

// A money action refused for want of a fresh second factor: ask for a code, then send it again.
api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isStepUpRefusal(error) || !axios.isAxiosError(error) || !error.config) throw error;
  if (error.config.hasRetriedAfterStepUp || !(await requestStepUp())) throw error;
  error.config.hasRetriedAfterStepUp = true;
  return api.request(error.config);
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config;
  // Wrong credentials at sign-in are an answer for the form, not an expired session.
  if (config.isRefreshCall || config.hasRetriedAfterRefresh || isSigninCall(config)) throw error;

  const sentWith = AxiosHeaders.from(config.headers).get('Authorization');
  const current = getAccessToken();
  // A request that left before another refresh finished only needs the newer token.
  const accessToken = current && sentWith !== bearer(current) ? current : await refreshAccessToken();

  config.hasRetriedAfterRefresh = true;
  config.headers.set('Authorization', bearer(accessToken));
  return api.request(config);
});
