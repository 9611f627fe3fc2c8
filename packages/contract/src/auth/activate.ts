import { z } from 'zod';
import { passwordSchema } from '../password';

/** Sets the first password from the one-time activation link. 204. */
export const activate = { method: 'POST', path: '/auth/activate' } as const;

export const activateBodySchema = z.strictObject({
  token: z.string().min(1, 'This field is required').max(200),
  password: passwordSchema,
});
export type ActivateBody = z.infer<typeof activateBodySchema>;
