import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from '../common';
import { roleIdSchema } from '../roles';
import { userSchema, userStatusSchema } from './user';

export const listUsers = { method: 'GET', path: '/users' } as const;

export const listUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  roleId: z.coerce.number().pipe(roleIdSchema).optional(),
  status: userStatusSchema.optional(),
  /** The users of one merchant. */
  merchantId: idSchema.optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const listUsersResponseSchema = pageSchema(userSchema);
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;
