import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from './contract-types.js';
import type { V1Endpoint } from './endpoints.js';
import { GerbangApiError, GerbangConnectionError } from './gerbang-error.js';
import { readAnswer } from './read-answer.js';
import {
  type AttemptOutcome,
  backoffDelayMs,
  DEFAULT_RETRY_OPTIONS,
  isRetryable,
  type RetryOptions,
  retryAfterSeconds,
} from './retry-policy.js';

export type TransportOptions = {
  /** The merchant's API token (`gbk_…`), from the merchant console's API Tokens page. */
  apiKey: string;
  /** Where Gerbang answers, e.g. `https://pay.example.com` (without `/v1`). */
  baseUrl: string;
  /** Defaults to the global fetch (Node 20+); inject another for tests or a proxy agent. */
  fetch?: typeof fetch;
  retry?: Partial<RetryOptions>;
  /** One attempt gives up after this long (then it counts as no answer, and may be retried). */
  timeoutMs?: number;
};

/** Per call: an Idempotency-Key of your own (your order id, say) and a signal to abandon the call. */
export type CallOptions = { idempotencyKey?: string; signal?: AbortSignal };

export type SendRequest = CallOptions & {
  endpoint: V1Endpoint;
  id?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
};

const DEFAULT_TIMEOUT_MS = 30_000;
const USER_AGENT = 'gerbang-sdk-node/0.1.0';

function urlOf(baseUrl: string, request: SendRequest): string {
  const path = request.endpoint.path.replace(':id', () => encodeURIComponent(request.id ?? ''));
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends `/v1` requests: authenticated, with an Idempotency-Key on the routes that take one (the
 * same key on every attempt of a call), retried as retry-policy.ts decides.
 */
export function createTransport(options: TransportOptions) {
  const retry: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** One attempt: its answer, or why none came. A caller's abort is thrown as it is. */
  async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined) {
    if (signal?.aborted) throw signal.reason;
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await send(url, { ...init, signal: controller.signal });
      // The body is read inside the timeout too: a server that stalls mid-answer is no answer.
      return { response, text: await response.text() } as const;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { cause: controller.signal.aborted ? controller.signal.reason : error } as const;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async send<T>(request: SendRequest): Promise<T> {
      const { endpoint, signal } = request;
      const idempotencyKey = endpoint.idempotent ? (request.idempotencyKey ?? randomUUID()) : null;
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        'user-agent': USER_AGENT,
      };
      if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
      const init: RequestInit = { method: endpoint.method, headers };
      if (endpoint.method === 'POST') {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(request.body ?? {});
      }
      const url = urlOf(options.baseUrl, request);
      const startedAt = Date.now();

      for (let attempts = 1; ; attempts += 1) {
        const result = await attempt(url, init, signal);
        if ('cause' in result) {
          const reason = result.cause instanceof Error ? result.cause.message : String(result.cause);
          const error = new GerbangConnectionError(`No answer from Gerbang after ${attempts} attempt(s): ${reason}`, {
            attempts,
            idempotencyKey,
            cause: result.cause,
          });
          await waitToRetry(error, { kind: 'no_answer' }, null);
          continue;
        }
        const answer = readAnswer(result.response, result.text);
        if (answer.ok) return answer.value as T;
        const waitSeconds = retryAfterSeconds(result.response.headers.get('retry-after'), Date.now());
        const error = new GerbangApiError({
          ...answer.error,
          retryAfterSeconds: waitSeconds,
          attempts,
          idempotencyKey,
        });
        const outcome: AttemptOutcome = {
          kind: 'answer',
          status: error.status,
          code: error.code,
          hasFields: error.fields !== undefined,
          sentIdempotencyKey: idempotencyKey !== null,
        };
        await waitToRetry(error, outcome, waitSeconds);
      }

      /** Returns once it is time for the next attempt; throws `error` when there will be none. */
      async function waitToRetry(
        error: GerbangApiError | GerbangConnectionError,
        outcome: AttemptOutcome,
        waitSeconds: number | null,
      ): Promise<void> {
        if (error.attempts >= retry.maxAttempts || !isRetryable(outcome)) throw error;
        const waitMs = waitSeconds === null ? backoffDelayMs(error.attempts, retry) : waitSeconds * 1000;
        // A wait that would end past the time allowed is not begun: the caller hears now.
        if (Date.now() + waitMs - startedAt > retry.maxElapsedMs) throw error;
        await sleep(waitMs, signal);
      }
    },
  };
}
export type Transport = ReturnType<typeof createTransport>;
