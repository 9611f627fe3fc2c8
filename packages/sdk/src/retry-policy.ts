/** When the SDK sends a request again, and how long it waits first. */
export type RetryOptions = {
  /** Attempts in all, the first included (1: never retry). */
  maxAttempts: number;
  /** No retry is begun whose wait would end later than this after the first attempt began. */
  maxElapsedMs: number;
  /** The first retry waits up to this long; each next one up to twice as long as the one before… */
  baseDelayMs: number;
  /** …but never more than this (unless the server's Retry-After asks for longer). */
  maxDelayMs: number;
};

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 3,
  maxElapsedMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 5_000,
};

/** What one attempt came back with, as far as deciding on a retry goes. */
export type AttemptOutcome =
  | { kind: 'no_answer' }
  | { kind: 'answer'; status: number; code: string | undefined; hasFields: boolean; sentIdempotencyKey: boolean };

/**
 * Worth sending again: no answer came (the request may or may not have run: the idempotency key
 * makes sending it again safe), the server failed (5xx: an error answer releases the key, so
 * nothing was kept), the server asked to come back later (429), or the first request with this
 * key is still running (409 CONFLICT without `fields`: idempotency's in-progress answer; a
 * reference number already used is also 409 CONFLICT, but it names `body.referenceNumber`, and
 * sending it again would never help).
 */
export function isRetryable(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'no_answer') return true;
  if (outcome.status >= 500 || outcome.status === 429) return true;
  return outcome.status === 409 && outcome.code === 'CONFLICT' && !outcome.hasFields && outcome.sentIdempotencyKey;
}

/**
 * Exponential backoff with full jitter (a uniform wait between 0 and the cap): many clients
 * retrying after one outage spread out instead of arriving together again.
 * `retry` counts from 1 (the wait before the second attempt).
 */
export function backoffDelayMs(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * cap);
}

/** RFC 9110's IMF-fixdate, the one date form senders must use: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Retry-After in seconds (RFC 9110 also allows an HTTP date; Gerbang sends seconds, and a date is
 * read too). Null when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, nowMs: number): number | null {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  if (!HTTP_DATE.test(text)) return null;
  return Math.max(0, Math.ceil((Date.parse(text) - nowMs) / 1000));
}
