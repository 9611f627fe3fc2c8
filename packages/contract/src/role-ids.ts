/** Role ids as stored in the database and carried in tokens (spec §6). */
export const ROLE = {
  Admin: 1,
  Staff: 2,
  PhoneFarm: 3,
  Merchant: 4,
  SubAdmin: 5,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS = Object.values(ROLE) as readonly RoleId[];

/** Translation keys live under `roles.<key>` in the web app. */
export const ROLE_KEYS: Record<RoleId, 'admin' | 'staff' | 'phoneFarm' | 'merchant' | 'subAdmin'> = {
  1: 'admin',
  2: 'staff',
  3: 'phoneFarm',
  4: 'merchant',
  5: 'subAdmin',
};

/**
 * Roles the console may invite (spec §6: Staff, Phone Farm, Sub Admin).
 * Admins come only from the CLI; Merchant users come with their merchant.
 */
export const INVITABLE_ROLE_IDS = [ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin] as const;
export type InvitableRoleId = (typeof INVITABLE_ROLE_IDS)[number];

/** Roles that sign in to the admin console; Merchant users use the merchant console. */
export const ADMIN_CONSOLE_ROLE_IDS: readonly RoleId[] = [ROLE.Admin, ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin];
export const MERCHANT_CONSOLE_ROLE_IDS: readonly RoleId[] = [ROLE.Merchant];
