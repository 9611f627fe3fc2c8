import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { userSchema } from '../users/user';

// The endpoint lives apart from the schemas, so the web can name its path without loading zod.
export { signin } from './signin-endpoint';

export const signinBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'This field is required').max(254),
  password: z.string().min(1, 'This field is required').max(PASSWORD_MAX_LENGTH),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The signed-in user, and whether its role requires a second factor (then it must enrol first). */
export const signinResponseSchema = tokenPairSchema.extend({
  user: userSchema.extend({ secondFactorRequired: z.boolean() }),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;
