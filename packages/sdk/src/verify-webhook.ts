import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_TOLERANCE_SECONDS, type WebhookEvent } from './contract-types.js';
import { GerbangWebhookSignatureError } from './gerbang-error.js';

export type VerifyWebhookOptions = {
  /** How far `t` may be from now, either way (default 300: five minutes, as Gerbang advises). */
  toleranceSeconds?: number;
  /** The time to check against, in Unix seconds (default: now). */
  nowSeconds?: number;
};

const SIGNATURE_HEX = /^[0-9a-f]{64}$/i;

/** `t=1763892900,v1=5f2b…` → its timestamp and every v1 signature (several while a secret rotates). */
function parseHeader(header: string): { t: number; signatures: string[] } | null {
  let t = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't' && /^\d+$/.test(value)) t = Number(value);
    if (name === 'v1' && SIGNATURE_HEX.test(value)) signatures.push(value.toLowerCase());
  }
  return Number.isSafeInteger(t) && signatures.length > 0 ? { t, signatures } : null;
}

/**
 * Checks a webhook delivery exactly as Gerbang signs it (the `Gerbang-Signature` header:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "${t}.${raw body}" under the webhook secret>`) and
 * returns the parsed event; throws GerbangWebhookSignatureError (with a `reason`) otherwise.
 *
 * Pass the body exactly as received (a string or the raw bytes), before any JSON parsing: a
 * re-serialized body differs by a space and no longer matches. The comparison takes the same time
 * whatever the signature, so timing tells an attacker nothing about the right one; a `t` outside
 * the tolerance is refused, so a recorded delivery cannot be replayed later.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | string[] | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const header = Array.isArray(signatureHeader) ? signatureHeader.join(',') : signatureHeader;
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) {
    throw new GerbangWebhookSignatureError(
      'malformed_header',
      'The Gerbang-Signature header is missing, or has no t=<unix seconds> and v1=<hex signature>',
    );
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.nowSeconds ?? Date.now() / 1000;
  if (Math.abs(now - parsed.t) > tolerance) {
    throw new GerbangWebhookSignatureError(
      'timestamp_outside_tolerance',
      `The signature's timestamp is ${Math.round(now - parsed.t)} s from now, beyond ${tolerance} s: a replay, or a clock far off`,
    );
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', secret).update(`${parsed.t}.`).update(body).digest();
  const matches = parsed.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) {
    throw new GerbangWebhookSignatureError(
      'signature_mismatch',
      'No signature matches this body under this secret: a changed body, another secret, or not from Gerbang',
    );
  }
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}
