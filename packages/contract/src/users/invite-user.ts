import { z } from 'zod';
import { invitableRoleIdSchema } from '../roles';
import { emailSchema, userNameSchema, userSchema } from './user';

/** Creates a user with no password and sends an activation link. */
export const inviteUser = { method: 'POST', path: '/users' } as const;

export const inviteUserBodySchema = z.strictObject({
  email: emailSchema,
  name: userNameSchema,
  roleId: invitableRoleIdSchema,
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
export const inviteUserResponseSchema = userSchema;
