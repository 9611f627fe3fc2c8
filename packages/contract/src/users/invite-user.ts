import { z } from 'zod';
import { idSchema } from '../common';
import { invitableRoleIdSchema, ROLE } from '../roles';
import { emailSchema, userNameSchema, userSchema } from './user';

/** Creates a user with no password and sends an activation link. */
export const inviteUser = { method: 'POST', path: '/users' } as const;

/**
 * Console staff (Staff, Phone Farm, Sub Admin) or a Merchant user, who belongs to exactly one
 * merchant and sees only that merchant's data.
 */
export const inviteUserBodySchema = z
  .strictObject({
    email: emailSchema,
    name: userNameSchema,
    roleId: z.union([invitableRoleIdSchema, z.literal(ROLE.Merchant)]),
    merchantId: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.roleId === ROLE.Merchant && body.merchantId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['merchantId'], message: 'Choose the merchant this user belongs to' });
    }
    if (body.roleId !== ROLE.Merchant && body.merchantId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['merchantId'], message: 'Only Merchant users belong to a merchant' });
    }
  });
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
export const inviteUserResponseSchema = userSchema;
