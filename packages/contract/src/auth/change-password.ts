import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { passwordSchema } from '../password';

// The endpoint lives apart from the schemas, so the web can name its path without loading zod.
export { changePassword } from './change-password-endpoint';

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'This field is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
