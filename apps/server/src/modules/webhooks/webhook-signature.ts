import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@gerbang/contract';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the Gerbang-Signature header's value. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a merchant's receiver does (docs/webhooks.md shows the same in a few lines): recompute
 * over the raw body, compare in constant time, refuse an old timestamp.
 */
export function verifyWebhook(secret: string, body: string, header: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] as string, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
