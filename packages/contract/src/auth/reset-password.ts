import { z } from 'zod';
import { passwordSchema } from '../password';

/** Sets a new password from the one-time reset link and ends every session of the user. 204. */
export const resetPassword = { method: 'POST', path: '/auth/reset-password' } as const;

export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(1, 'This field is required').max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
