import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@gerbang/contract';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the Gerbang-Signature header's value, with
 * one v1 per secret (after a rotation, the new secret's and the previous one's while it still signs).
 */
export function signWebhook(secret: string | readonly string[], body: string, unixSeconds: number): string {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const macs = secrets.map((key) => `v1=${createHmac('sha256', key).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return `t=${unixSeconds},${macs.join(',')}`;
}

/**
 * What a merchant's receiver does (docs/webhooks.md shows the same in a few lines): recompute
 * over the raw body, compare in constant time, refuse an old timestamp.
 */
export function verifyWebhook(secret: string, body: string, header: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] as string, 'hex');
  // Any of its signatures: during a rotation the header carries the new secret's and the previous one's.
  return parts.some(([key, value]) => {
    if (key !== 'v1') return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
