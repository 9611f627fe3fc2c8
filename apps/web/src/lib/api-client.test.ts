import { currentUser, REQUEST_TIMEOUT_MS, refreshToken, signin } from '@gerbang/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { delay, errorBody, stubHttp } from '../test/http-stub';
import { api, NO_REFRESH_TOKEN_MESSAGE } from './api-client';
import { getAccessToken, getRefreshToken, setTokens } from './auth-tokens';
import { setNavigate } from './navigation';

const OLD = { accessToken: 'access-old', refreshToken: 'refresh-old' };
const NEW = { accessToken: 'access-new', refreshToken: 'refresh-new' };

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let restore: () => void = () => undefined;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setNavigate(navigate);
  window.history.replaceState(null, '', '/user?q=ada&page=2');
});

afterEach(() => restore());

/** A server whose access token `access-new` is the only valid one. */
function serverAcceptingOnlyNewToken(refreshAnswer: () => Promise<{ status: number; data?: unknown }>) {
  const stub = stubHttp(async (request) => {
    if (request.url === refreshToken.path) return refreshAnswer();
    if (request.authorization === `Bearer ${NEW.accessToken}`) return { status: 200, data: { path: request.url } };
    return { status: 401, data: errorBody('UNAUTHENTICATED') };
  });
  restore = stub.restore;
  return stub;
}

describe('api client session refresh', () => {
  it('refreshes once for 20 concurrent 401s and replays all 20 with the new token', async () => {
    setTokens(OLD);
    const stub = serverAcceptingOnlyNewToken(async () => {
      await delay(20);
      return { status: 200, data: NEW };
    });

    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => api.get(`/items/${index}`)));

    const refreshCalls = stub.requests.filter((request) => request.url === refreshToken.path);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.authorization).toBe(`Bearer ${OLD.refreshToken}`);
    expect(refreshCalls[0]?.method).toBe('POST');
    expect(results.map((result) => result.data.path)).toEqual(
      Array.from({ length: 20 }, (_, index) => `/items/${index}`),
    );
    const replays = stub.requests.filter((request) => request.authorization === `Bearer ${NEW.accessToken}`);
    expect(replays).toHaveLength(20);
    expect(getAccessToken()).toBe(NEW.accessToken);
    expect(getRefreshToken()).toBe(NEW.refreshToken);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('fails with "No refresh token available" when there is no refresh token, and sends the user to sign-in', async () => {
    localStorage.setItem('access_token', OLD.accessToken);
    const stub = serverAcceptingOnlyNewToken(async () => ({ status: 200, data: NEW }));

    await expect(api.get(currentUser.path)).rejects.toThrow(NO_REFRESH_TOKEN_MESSAGE);

    expect(stub.requests.some((request) => request.url === refreshToken.path)).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/signin?redirect=%2Fuser%3Fq%3Dada%26page%3D2');
  });

  it('clears both tokens and redirects to sign-in with the current path when the refresh is refused', async () => {
    setTokens(OLD);
    const stub = serverAcceptingOnlyNewToken(async () => ({ status: 401, data: errorBody('SESSION_INVALID') }));

    const outcomes = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(stub.requests.filter((request) => request.url === refreshToken.path)).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth/signin?redirect=%2Fuser%3Fq%3Dada%26page%3D2');
  });

  it('does not redirect again when the user is already on sign-in', async () => {
    window.history.replaceState(null, '', '/auth/signin?redirect=%2F');
    setTokens(OLD);
    serverAcceptingOnlyNewToken(async () => ({ status: 500, data: errorBody('INTERNAL') }));

    await expect(api.get('/a')).rejects.toBeTruthy();

    expect(getAccessToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes a 401 from sign-in through without refreshing', async () => {
    setTokens(OLD);
    const stub = stubHttp(async () => ({ status: 401, data: errorBody('INVALID_CREDENTIALS') }));
    restore = stub.restore;

    const error = await api.post(signin.path, { email: 'a@b.co', password: 'wrong' }).catch((caught) => caught);

    expect(error.response.status).toBe(401);
    expect(error.response.data.error.code).toBe('INVALID_CREDENTIALS');
    expect(stub.requests).toHaveLength(1);
    expect(getAccessToken()).toBe(OLD.accessToken);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replays a request only once: a second 401 after the refresh is final', async () => {
    setTokens(OLD);
    const stub = stubHttp(async (request) => {
      if (request.url === refreshToken.path) return { status: 200, data: NEW };
      return { status: 401, data: errorBody('UNAUTHENTICATED') };
    });
    restore = stub.restore;

    const error = await api.get('/always-401').catch((caught) => caught);

    expect(error.response.status).toBe(401);
    expect(stub.requests.map((request) => request.url)).toEqual(['/always-401', refreshToken.path, '/always-401']);
  });

  it('sends the access token as a bearer header with JSON', async () => {
    setTokens(NEW);
    const stub = stubHttp(async () => ({ status: 200, data: {} }));
    restore = stub.restore;

    await api.post('/things', { name: 'x' });

    expect(stub.requests[0]).toMatchObject({ authorization: `Bearer ${NEW.accessToken}`, data: { name: 'x' } });
  });
});

describe('api client on the wire (fetch)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(response: () => Response) {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => response());
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('sends JSON with credentials, the query without empty values, and a timeout', async () => {
    setTokens(NEW);
    const fetch = answering(() => Response.json({ ok: true }, { status: 201 }));

    const answer = await api.post('/things', { name: 'x' }, { params: { q: 'a b', cursor: undefined, limit: 50 } });

    expect(answer).toMatchObject({ status: 201, data: { ok: true } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${env.backendUrl}/things?q=a+b&limit=50`);
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"x"}', credentials: 'include' });
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${NEW.accessToken}`,
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetch = answering(() => new Response(null, { status: 204 }));

    const answer = await api.post('/things/1/enable');

    expect(answer.status).toBe(204);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(Object.keys(init?.headers ?? {})).not.toContain('Content-Type');
  });

  it('rejects an answer outside 2xx with its status, body and headers', async () => {
    answering(() => Response.json(errorBody('RATE_LIMITED'), { status: 429, headers: { 'Retry-After': '30' } }));

    const error = await api.get('/things').catch((caught) => caught);

    expect(error.message).toBe('Request failed with status code 429');
    expect(error.response).toMatchObject({ status: 429, headers: { 'retry-after': '30' } });
    expect(error.response.data.error.code).toBe('RATE_LIMITED');
  });

  it('gives up after the 3-minute timeout, with no answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });

    const answer = api.get('/slow').catch((caught) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await answer;
    vi.useRealTimers();

    expect(error.message).toBe(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
    expect(error.response).toBeUndefined();
  });

  it('leaves a request the browser cancels while the page unloads unanswered, so nothing acts on it', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    window.dispatchEvent(new Event('pagehide'));

    const outcome = await Promise.race([
      api.get('/auth/current-user').then(
        () => 'answered',
        () => 'failed',
      ),
      delay(50).then(() => 'still waiting'),
    ]);
    window.dispatchEvent(new Event('pageshow'));

    expect(outcome).toBe('still waiting');
    await expect(api.get('/auth/current-user')).rejects.toThrow('Network Error');
  });

  it('rejects with no answer when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await api.get('/things').catch((caught) => caught);

    expect(error.message).toBe('Network Error');
    expect(error.response).toBeUndefined();
  });
});
