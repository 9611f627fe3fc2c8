import { z } from 'zod';
import { invitableRoleIdSchema } from '../roles';
import { userNameSchema, userSchema } from './user';

export const updateUser = { method: 'PATCH', path: '/users/:id' } as const;

/** Email is the sign-in identity and is not editable; at least one field is required. */
export const updateUserBodySchema = z
  .strictObject({ name: userNameSchema.optional(), roleId: invitableRoleIdSchema.optional() })
  .refine((body) => body.name !== undefined || body.roleId !== undefined, {
    message: 'Give at least one of name or roleId',
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export const updateUserResponseSchema = userSchema;
