import type { ErrorCode } from './contract-types.js';

/** Every error the SDK throws is one of these. */
export class GerbangError extends Error {
  override name = 'GerbangError';
}

/**
 * Gerbang answered with an error (after any retries): its error shape's `code`, `message` and
 * `fields` (field path → what is wrong, e.g. `body.amount`), its `requestId` (quote it to
 * support) and the HTTP status. `UNEXPECTED_RESPONSE`: the answer was not Gerbang's error shape
 * (a proxy in front of it, say); `message` then quotes the start of the body.
 */
export class GerbangApiError extends GerbangError {
  override name = 'GerbangApiError';
  readonly status: number;
  readonly code: ErrorCode | 'UNEXPECTED_RESPONSE';
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly requestId: string | null;
  /** What the answer's Retry-After said, in seconds (429, some 503), when it said it. */
  readonly retryAfterSeconds: number | null;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** The Idempotency-Key the request carried (null for routes that take none), to send it again with. */
  readonly idempotencyKey: string | null;

  constructor(details: {
    status: number;
    code: ErrorCode | 'UNEXPECTED_RESPONSE';
    message: string;
    fields?: Record<string, string> | undefined;
    requestId: string | null;
    retryAfterSeconds: number | null;
    attempts: number;
    idempotencyKey: string | null;
  }) {
    super(details.message);
    this.status = details.status;
    this.code = details.code;
    this.fields = details.fields;
    this.requestId = details.requestId;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.attempts = details.attempts;
    this.idempotencyKey = details.idempotencyKey;
  }
}

/**
 * No answer came (a refused or dropped connection, a DNS failure, the per-attempt timeout), after
 * every attempt allowed. A POST may still have been carried out: send it again with the same
 * `idempotencyKey` to get its answer.
 */
export class GerbangConnectionError extends GerbangError {
  override name = 'GerbangConnectionError';
  readonly attempts: number;
  /** The Idempotency-Key the request carried, to send it again with. */
  readonly idempotencyKey: string | null;

  constructor(message: string, details: { attempts: number; idempotencyKey: string | null; cause: unknown }) {
    super(message, { cause: details.cause });
    this.attempts = details.attempts;
    this.idempotencyKey = details.idempotencyKey;
  }
}

export type WebhookSignatureFailure = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';

/** verifyWebhook refused a delivery: answer it 400 and do not act on it. */
export class GerbangWebhookSignatureError extends GerbangError {
  override name = 'GerbangWebhookSignatureError';
  constructor(
    readonly reason: WebhookSignatureFailure,
    message: string,
  ) {
    super(message);
  }
}
