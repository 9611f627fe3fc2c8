import { describe, expect, it } from 'vitest';
import { type AttemptOutcome, isRetryable, retryAfterSeconds } from './retry-policy.js';

const answer = (status: number, code?: string, more: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  kind: 'answer',
  status,
  code,
  hasFields: false,
  sentIdempotencyKey: true,
  ...more,
});

describe('which outcomes are worth sending again', () => {
  it.each([
    ['no answer at all', { kind: 'no_answer' } as const, true],
    ['500', answer(500, 'INTERNAL'), true],
    ['503', answer(503, 'SERVICE_UNAVAILABLE'), true],
    ['a proxy’s 502 in no error shape', answer(502, 'UNEXPECTED_RESPONSE'), true],
    ['429', answer(429, 'RATE_LIMITED'), true],
    ['409 CONFLICT without fields: the key is still running', answer(409, 'CONFLICT'), true],
    [
      '409 CONFLICT naming a field: a reference number used before',
      answer(409, 'CONFLICT', { hasFields: true }),
      false,
    ],
    ['409 CONFLICT on a call that sent no key', answer(409, 'CONFLICT', { sentIdempotencyKey: false }), false],
    ['409 INVALID_STATE', answer(409, 'INVALID_STATE'), false],
    ['409 MERCHANT_SUSPENDED', answer(409, 'MERCHANT_SUSPENDED'), false],
    ['422', answer(422, 'VALIDATION_FAILED', { hasFields: true }), false],
    ['401', answer(401, 'UNAUTHENTICATED'), false],
    ['403', answer(403, 'INSUFFICIENT_SCOPE'), false],
    ['404', answer(404, 'NOT_FOUND'), false],
  ])('%s → %s', (_name, outcome, expected) => {
    expect(isRetryable(outcome)).toBe(expected);
  });
});

describe('Retry-After', () => {
  it('reads seconds, and an HTTP date as the seconds until it', () => {
    expect(retryAfterSeconds('7', 0)).toBe(7);
    expect(retryAfterSeconds(' 0 ', 0)).toBe(0);
    expect(retryAfterSeconds('Thu, 01 Jan 1970 00:00:30 GMT', 0)).toBe(30);
    expect(retryAfterSeconds('Thu, 01 Jan 1970 00:00:30 GMT', 40_000)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(retryAfterSeconds(null, 0)).toBeNull();
    expect(retryAfterSeconds('', 0)).toBeNull();
    expect(retryAfterSeconds('soon', 0)).toBeNull();
    expect(retryAfterSeconds('-5', 0)).toBeNull();
  });
});
