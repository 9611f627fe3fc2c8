import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random tokens; only their SHA-256 is stored, so a database leak reveals no usable link. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
