import { tokenPairSchema } from './signin';

/** Empty body; the refresh token travels as `Authorization: Bearer <refreshToken>` (spec §7). */
export const refreshToken = { method: 'POST', path: '/auth/refresh-token' } as const;
export const refreshTokenResponseSchema = tokenPairSchema;
