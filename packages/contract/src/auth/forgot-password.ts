import { z } from 'zod';

/** Always 202, whether the email exists or not (no account enumeration). */
export const forgotPassword = { method: 'POST', path: '/auth/forgot-password' } as const;

export const forgotPasswordBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'This field is required').max(254),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
