import { API_LOG_REDACTED } from '@gerbang/contract';

/** Personal fields, shown as their last four characters (enough for support to tell accounts apart). */
const LAST_FOUR = new Set(['accountNumber', 'phone']);
/** Personal fields and secrets, never stored at all, at whatever depth they come. */
const HIDDEN = new Set([
  'name',
  'email',
  'holderName',
  'verifiedHolderName',
  'accountName',
  'secret',
  'token',
  'password',
  'callbackSecret',
]);

/** A stored body larger than this keeps only its size. */
export const API_LOG_BODY_MAX_CHARS = 64 * 1024;

function redact(this: unknown, key: string, value: unknown): unknown {
  if (HIDDEN.has(key)) return value == null ? value : API_LOG_REDACTED;
  if (LAST_FOUR.has(key) && typeof value === 'string') {
    return value.length > 4 ? `••••${value.slice(-4)}` : API_LOG_REDACTED;
  }
  // PostgreSQL's jsonb holds no NUL character: one in a client's string would fail the whole batch.
  if (typeof value === 'string' && value.includes('\u0000')) return value.replaceAll('\u0000', '\uFFFD');
  return value;
}

/** An answer the app sent already serialized (the error shape): parsed again when its batch is written. */
export class SerializedAnswer {
  constructor(readonly text: string) {}
}

function parsed(body: SerializedAnswer): unknown {
  try {
    return JSON.parse(body.text);
  } catch {
    return body.text;
  }
}

/**
 * A request's or an answer's body as the log stores it: JSON text with personal fields and secrets
 * redacted (`null` when there was none), or, beyond API_LOG_BODY_MAX_CHARS, only its size.
 */
export function redactedBodyJson(body: unknown): string {
  if (body === undefined || body === null) return 'null';
  const text = JSON.stringify(body instanceof SerializedAnswer ? parsed(body) : body, redact) ?? 'null';
  return text.length > API_LOG_BODY_MAX_CHARS ? `{"truncated":true,"characters":${text.length}}` : text;
}
