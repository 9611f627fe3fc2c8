/**
 * A merchant's team: every Merchant user (role 4) has one of these roles inside its merchant
 * (what each may do: MERCHANT_TEAM_PERMISSIONS in permissions.ts).
 */
export const MERCHANT_TEAM_ROLES = ['owner', 'developer', 'finance', 'viewer'] as const;
export type MerchantTeamRole = (typeof MERCHANT_TEAM_ROLES)[number];
