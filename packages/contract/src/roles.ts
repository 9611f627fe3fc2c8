import { z } from 'zod';
import { ROLE } from './role-ids';

// The constants live in ./role-ids, free of zod, so a page that needs only a role id does not
// ship zod (the web's sign-in page has a download budget).
export * from './role-ids';

export const roleIdSchema = z.union([
  z.literal(ROLE.Admin),
  z.literal(ROLE.Staff),
  z.literal(ROLE.PhoneFarm),
  z.literal(ROLE.Merchant),
  z.literal(ROLE.SubAdmin),
]);

export const invitableRoleIdSchema = z.union([
  z.literal(ROLE.Staff),
  z.literal(ROLE.PhoneFarm),
  z.literal(ROLE.SubAdmin),
]);
