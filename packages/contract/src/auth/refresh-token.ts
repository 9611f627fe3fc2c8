import { tokenPairSchema } from './signin';

/** POST /auth/refresh-token's answer (./refresh-token-endpoint). */
export const refreshTokenResponseSchema = tokenPairSchema;
