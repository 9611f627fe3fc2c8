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

/** Short-lived HS256 JWTs; verification is cached by fast-jwt for repeated tokens. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  // The token itself keys the cache: fast-jwt's default hashes every token (SHA-512) before the
  // lookup, a visible share of a cheap request; the cache holds at most 1,000 short-lived tokens.
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    cache: 1000,
    cacheKeyBuilder: (token) => token,
  });
  return {
    ttlSeconds,
    sign: (claims: Omit<AccessClaims, 'exp'>): string => sign({ ...claims, typ: 'access' }),
    /** Returns the claims, or null for anything invalid or expired. */
    verify(token: string): AccessClaims | null {
      try {
        const payload = verify(token) as AccessClaims & { typ?: string };
        if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
