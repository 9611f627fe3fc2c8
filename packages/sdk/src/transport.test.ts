import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { V1_ENDPOINTS } from './endpoints.js';
import { GerbangApiError, GerbangConnectionError } from './gerbang-error.js';
import { createTransport } from './transport.js';

const BALANCE = { currency: 'IDR', available: '1000', pending: '0' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unavailable = (headers: Record<string, string> = {}) =>
  json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again' }, requestId: 'req-1' }, headers);

/** A fetch that answers from a script and notes the (fake) time of each call. */
function scriptedFetch(answers: (() => Response | Promise<Response>)[]) {
  const callsAtMs: number[] = [];
  const fetcher: typeof fetch = async () => {
    callsAtMs.push(Date.now());
    const next = answers.shift();
    if (!next) throw new Error('the script ran out');
    return next();
  };
  return { callsAtMs, fetch: fetcher };
}

/** Runs the call while fake time moves on, so its waits pass without real waiting. */
async function settle<T>(call: Promise<T>): Promise<T | unknown> {
  const outcome = call.then(
    (value) => value,
    (error: unknown) => error,
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('the transport: when it sends again, and how long it waits (fake timers, no wall clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const transportWith = (fetcher: typeof fetch, retry = {}) =>
    createTransport({ apiKey: 'gbk_test', baseUrl: 'http://gerbang.test', fetch: fetcher, retry });

  it("waits exactly as long as the server's Retry-After before the next attempt", async () => {
    const server = scriptedFetch([() => unavailable({ 'retry-after': '7' }), () => json(200, BALANCE)]);
    const call = transportWith(server.fetch).send({ endpoint: V1_ENDPOINTS.getBalance });
    await vi.advanceTimersByTimeAsync(6_999);
    expect(server.callsAtMs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.callsAtMs).toEqual([0, 7_000]);
    await expect(call).resolves.toEqual(BALANCE);
  });

  it('a 429 is sent again after its Retry-After', async () => {
    const limited = () =>
      json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down' }, requestId: 'r' }, { 'retry-after': '12' });
    const server = scriptedFetch([limited, () => json(200, BALANCE)]);
    await expect(settle(transportWith(server.fetch).send({ endpoint: V1_ENDPOINTS.getBalance }))).resolves.toEqual(
      BALANCE,
    );
    expect(server.callsAtMs).toEqual([0, 12_000]);
  });

  it('without Retry-After, waits up to base × 2^(retry − 1), capped, with full jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const server = scriptedFetch([unavailable, unavailable, unavailable, unavailable, () => json(200, BALANCE)]);
    const transport = transportWith(server.fetch, { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 3_000 });
    await settle(transport.send({ endpoint: V1_ENDPOINTS.getBalance }));
    const waits = server.callsAtMs.slice(1).map((at, i) => at - (server.callsAtMs[i] as number));
    expect(waits).toEqual([999, 1_998, 2_997, 2_997]);
  });

  it('full jitter may send again at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const server = scriptedFetch([unavailable, () => json(200, BALANCE)]);
    await settle(transportWith(server.fetch).send({ endpoint: V1_ENDPOINTS.getBalance }));
    expect(server.callsAtMs).toEqual([0, 0]);
  });

  it('does not begin a wait that would end past maxElapsedMs: the caller hears at once, with the Retry-After', async () => {
    const server = scriptedFetch([() => unavailable({ 'retry-after': '120' })]);
    const error = await settle(
      transportWith(server.fetch, { maxElapsedMs: 60_000 }).send({ endpoint: V1_ENDPOINTS.getBalance }),
    );
    expect(error).toBeInstanceOf(GerbangApiError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 120, attempts: 1 });
    expect(server.callsAtMs).toEqual([0]);
  });

  it('an attempt with no answer within timeoutMs counts as none, and is sent again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const calls: number[] = [];
    const silentThenAnswer: typeof fetch = (_input, init) => {
      calls.push(Date.now());
      if (calls.length > 1) return Promise.resolve(json(200, BALANCE));
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    };
    const transport = createTransport({
      apiKey: 'k',
      baseUrl: 'http://gerbang.test',
      fetch: silentThenAnswer,
      timeoutMs: 2_000,
    });
    await expect(settle(transport.send({ endpoint: V1_ENDPOINTS.getBalance }))).resolves.toEqual(BALANCE);
    expect(calls).toEqual([0, 2_000]);
  });

  it('every attempt failing to connect ends in a GerbangConnectionError naming the cause', async () => {
    const refused = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }));
    const server = scriptedFetch([refused, refused, refused]);
    const error = await settle(
      transportWith(server.fetch).send({ endpoint: V1_ENDPOINTS.createPaymentSession, body: {} }),
    );
    expect(error).toBeInstanceOf(GerbangConnectionError);
    expect(error).toMatchObject({ attempts: 3, idempotencyKey: expect.any(String) });
    expect((error as Error).message).toContain('fetch failed');
  });

  it('a call whose signal is already aborted sends nothing', async () => {
    const server = scriptedFetch([() => json(200, BALANCE)]);
    const signal = AbortSignal.abort(new Error('too late'));
    await expect(transportWith(server.fetch).send({ endpoint: V1_ENDPOINTS.getBalance, signal })).rejects.toThrow(
      'too late',
    );
    expect(server.callsAtMs).toEqual([]);
  });

  it("the caller's abort ends a wait at once and is not retried", async () => {
    const server = scriptedFetch([() => unavailable({ 'retry-after': '10' }), () => json(200, BALANCE)]);
    const controller = new AbortController();
    const call = transportWith(server.fetch)
      .send({ endpoint: V1_ENDPOINTS.getBalance, signal: controller.signal })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('the shopper left'));
    expect(await call).toMatchObject({ message: 'the shopper left' });
    expect(server.callsAtMs).toEqual([0]);
  });
});
