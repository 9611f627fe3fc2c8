/**
 * Empty body; the refresh token travels as `Authorization: Bearer <refreshToken>` (spec §7). The
 * answer is a token pair (./refresh-token). A module without zod: the consoles' API client, which
 * every signed-in page's layout loads before its first paint, names it.
 */
export const refreshToken = { method: 'POST', path: '/auth/refresh-token' } as const;
