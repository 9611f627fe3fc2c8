import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { passwordSchema } from '../password';

/** Ends the user's other sessions; the calling session stays signed in. 204. */
export const changePassword = { method: 'POST', path: '/auth/change-password' } as const;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'This field is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
