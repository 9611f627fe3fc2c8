import type { RoleId } from '@gerbang/contract';
import { createSigner, createVerifier } from 'fast-jwt';

export type AccessClaims = {
  sub: string;
  /** Session (refresh family) id: logout and reuse detection end every token of it. */
  sid: string;
  rid: RoleId;
  mid: string | null;
  exp: number;
};

const CACHED_TOKENS = 1000;

/**
 * Short-lived HS256 JWTs. A verified token's claims are kept (at most 1,000 tokens, the oldest
 * dropped first) under the token itself, so a repeated token costs a map lookup and an expiry
 * check instead of an HMAC; only verified tokens are kept. fast-jwt's own cache keys each token
 * by its SHA-512, computed on every request, a visible share of a cheap one.
 */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifySignature = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new Map<string, AccessClaims>();

  function verifyUncached(token: string): AccessClaims | null {
    try {
      const payload = verifySignature(token) as AccessClaims & { typ?: string };
      if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
      return payload;
    } catch {
      return null;
    }
  }

  return {
    ttlSeconds,
    sign: (claims: Omit<AccessClaims, 'exp'>): string => sign({ ...claims, typ: 'access' }),
    /** Returns the claims, or null for anything invalid or expired. */
    verify(token: string): AccessClaims | null {
      const cached = verified.get(token);
      if (cached) {
        if (cached.exp * 1000 > Date.now()) return cached;
        verified.delete(token);
        return null;
      }
      const claims = verifyUncached(token);
      if (!claims) return null;
      if (verified.size >= CACHED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
