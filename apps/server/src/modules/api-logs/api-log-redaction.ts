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

/** Text PostgreSQL's jsonb takes: no NUL, no lone surrogate (either fails the whole batch). */
const storable = (text: string) =>
  (text as string & { toWellFormed(): string }).toWellFormed().replaceAll('\u0000', '\uFFFD');

/** A body as the log keeps it until its batch is written: the text as sent, or only its size. */
export type KeptBody = { text: string } | { tooLarge: number } | null;

/** Keeps a body when it is taken: a large one only by its size, so a waiting record stays small. */
export function keepBody(text: string | undefined): KeptBody {
  if (text === undefined || text === '') return null;
  return text.length > API_LOG_BODY_MAX_CHARS ? { tooLarge: text.length } : { text };
}

/** The characters a kept body holds in memory until its batch is written. */
export const keptSize = (body: KeptBody) => (body && 'text' in body ? body.text.length : 0);

function redact(this: unknown, key: string, value: unknown): unknown {
  if (HIDDEN.has(key)) return value == null ? value : API_LOG_REDACTED;
  if (LAST_FOUR.has(key) && typeof value === 'string') {
    return value.length > 4 ? `••••${storable(value.slice(-4))}` : API_LOG_REDACTED;
  }
  if (typeof value === 'string') return storable(value);
  // Keys too: a client may send any.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([name]) => storable(name) !== name)) {
      return Object.fromEntries(entries.map(([name, v]) => [storable(name), v]));
    }
  }
  return value;
}

/**
 * A kept body as the log stores it: JSON with personal fields and secrets redacted (`null` when
 * there was none; text that is not JSON as a string), or only its size when it was too large.
 */
export function redactedBodyJson(body: KeptBody): string {
  if (body === null) return 'null';
  if ('tooLarge' in body) return `{"truncated":true,"characters":${body.tooLarge}}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    parsed = body.text;
  }
  return JSON.stringify(parsed, redact) ?? 'null';
}
