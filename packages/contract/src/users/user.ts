import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../limits';
import { MERCHANT_TEAM_ROLES } from '../merchant-team/team-roles';
import { roleIdSchema } from '../roles';

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email('Enter a valid email address'));

export const userNameSchema = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH);

/** The user as every API returns it: an allowlist, so no secret column can leak. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  roleId: roleIdSchema,
  merchantId: idSchema.nullable(),
  /** The user's role in its merchant's team (Merchant users); null for operators. */
  merchantRole: z.enum(MERCHANT_TEAM_ROLES).nullable(),
  /** The merchant's name, for Merchant users. */
  merchantName: z.string().nullable(),
  status: userStatusSchema,
  /** True when the user has at least one live session. */
  isLoggedIn: z.boolean(),
  lastLoginAt: isoDateTimeSchema.nullable(),
  /** True when the user signs in with a second factor. */
  secondFactorEnrolled: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;
