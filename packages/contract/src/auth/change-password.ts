import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { passwordSchema } from '../password';

// The endpoint: ./change-password-endpoint.ts, without zod (the consoles name its path before the schemas load).

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'This field is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
