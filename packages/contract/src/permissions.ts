import type { MerchantTeamRole } from './merchant-team/team-roles';
import { ROLE, type RoleId } from './role-ids';

/**
 * The one permission table (area × role → allowed actions). The server enforces it on every
 * protected route; the web reads it to decide what to show. Documented in docs/permissions.md.
 *
 * Merchant users are always scoped to their own merchant: the server filters by the
 * merchantId in their session, whatever the table allows.
 */
export const AREAS = [
  'devices',
  'wallets',
  'proxies',
  'merchants',
  'users',
  'transactions',
  'transactionSessions',
  'withdrawals',
  'audit',
  'countries',
  'merchantDashboard',
  'apiTokens',
  'payoutMethods',
  'security',
  'alerts',
  'team',
  'refunds',
  'apiLogs',
  'webhooks',
  'analytics',
] as const;
export type Area = (typeof AREAS)[number];

export const ACTIONS = ['view', 'create', 'update', 'delete', 'operate'] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: readonly Action[] = ACTIONS;
const VIEW: readonly Action[] = ['view'];
const NONE: readonly Action[] = [];

export const PERMISSIONS: Record<Area, Record<RoleId, readonly Action[]>> = {
  devices: { 1: ALL, 2: VIEW, 3: ALL, 4: NONE, 5: ALL },
  wallets: { 1: ALL, 2: VIEW, 3: ALL, 4: NONE, 5: ALL },
  proxies: { 1: ALL, 2: NONE, 3: ALL, 4: NONE, 5: ALL },
  merchants: { 1: ALL, 2: VIEW, 3: NONE, 4: NONE, 5: ['view', 'create', 'update', 'operate'] },
  // Sub Admins manage Staff and Phone Farm users only, Admins also Merchant users; the users
  // service enforces that.
  users: {
    1: ['view', 'create', 'update', 'operate'],
    2: NONE,
    3: NONE,
    4: NONE,
    5: ['view', 'create', 'update', 'operate'],
  },
  // Spec §6: the /transaction route is Admin only. Merchants see their own transactions.
  transactions: { 1: ALL, 2: NONE, 3: NONE, 4: VIEW, 5: NONE },
  transactionSessions: { 1: ALL, 2: ['view', 'operate'], 3: NONE, 4: ['view', 'operate'], 5: ['view', 'operate'] },
  withdrawals: { 1: ALL, 2: ['view', 'operate'], 3: NONE, 4: ['view', 'create'], 5: ['view', 'operate'] },
  // A Merchant user reads what its own merchant's users did (the server scopes it), never the
  // operators' log.
  audit: { 1: VIEW, 2: NONE, 3: NONE, 4: VIEW, 5: VIEW },
  countries: { 1: VIEW, 2: VIEW, 3: VIEW, 4: VIEW, 5: VIEW },
  merchantDashboard: { 1: NONE, 2: NONE, 3: NONE, 4: VIEW, 5: NONE },
  apiTokens: { 1: NONE, 2: NONE, 3: NONE, 4: ['view', 'create', 'delete'], 5: NONE },
  payoutMethods: { 1: NONE, 2: NONE, 3: NONE, 4: ['view', 'create', 'update', 'delete'], 5: NONE },
  // Who must use a second factor, and resetting another user's: Admins only.
  security: { 1: ['view', 'update'], 2: NONE, 3: NONE, 4: NONE, 5: NONE },
  // A merchant's own team (merchant console); narrowed per team role (MERCHANT_TEAM_PERMISSIONS).
  team: { 1: NONE, 2: NONE, 3: NONE, 4: ['view', 'create', 'update', 'delete'], 5: NONE },
  // Refunds are the merchant's decision (operators resolve transfers on the exceptions desk); they
  // are seen with their sessions (transactionSessions view).
  refunds: { 1: NONE, 2: NONE, 3: NONE, 4: ['create'], 5: NONE },
  // The merchant API's request log: a merchant's own; operators who see merchants open one's for support.
  apiLogs: { 1: VIEW, 2: VIEW, 3: NONE, 4: VIEW, 5: VIEW },
  // Operations analytics across merchants: who runs the operation (Admin, Sub Admin).
  analytics: { 1: VIEW, 2: NONE, 3: NONE, 4: NONE, 5: VIEW },
  // A merchant's webhook events: read, resent (operate); by the merchant, a test event sent (create) and
  // its endpoint set and its secret rotated (update).
  webhooks: {
    1: ['view', 'operate'],
    2: ['view', 'operate'],
    3: NONE,
    4: ['view', 'create', 'update', 'operate'],
    5: ['view', 'operate'],
  },
  // Every operator sees and acknowledges alerts; Admins and Sub Admins set the rules.
  alerts: {
    1: ['view', 'update', 'operate'],
    2: ['view', 'operate'],
    3: ['view', 'operate'],
    4: NONE,
    5: ['view', 'update', 'operate'],
  },
};

/**
 * The Merchant role's permissions narrowed per team role; the server checks both. An area missing
 * here is refused to every team role.
 */
export const MERCHANT_TEAM_PERMISSIONS: Partial<Record<Area, Record<MerchantTeamRole, readonly Action[]>>> = {
  merchantDashboard: { owner: VIEW, developer: VIEW, finance: VIEW, viewer: VIEW },
  countries: { owner: VIEW, developer: VIEW, finance: VIEW, viewer: VIEW },
  transactions: { owner: VIEW, developer: VIEW, finance: VIEW, viewer: VIEW },
  transactionSessions: { owner: ['view', 'operate'], developer: VIEW, finance: ['view', 'operate'], viewer: VIEW },
  // Money out: the owner and finance request it; everyone sees it.
  withdrawals: { owner: ['view', 'create'], developer: VIEW, finance: ['view', 'create'], viewer: VIEW },
  payoutMethods: {
    owner: ['view', 'create', 'update', 'delete'],
    developer: NONE,
    finance: ['view', 'create', 'update', 'delete'],
    viewer: VIEW,
  },
  // Integration: the owner and developers hold the API tokens.
  apiTokens: {
    owner: ['view', 'create', 'delete'],
    developer: ['view', 'create', 'delete'],
    finance: NONE,
    viewer: NONE,
  },
  audit: { owner: VIEW, developer: NONE, finance: NONE, viewer: NONE },
  // Money back to a customer: who may take money out.
  refunds: { owner: ['create'], developer: NONE, finance: ['create'], viewer: NONE },
  team: { owner: ['view', 'create', 'update', 'delete'], developer: NONE, finance: NONE, viewer: NONE },
  // Integration: who holds the tokens reads what they did.
  apiLogs: { owner: VIEW, developer: VIEW, finance: NONE, viewer: NONE },
  webhooks: {
    owner: ['view', 'create', 'update', 'operate'],
    developer: ['view', 'create', 'update', 'operate'],
    finance: VIEW,
    viewer: NONE,
  },
};

export function teamRoleMay(teamRole: MerchantTeamRole, area: Area, action: Action): boolean {
  return MERCHANT_TEAM_PERMISSIONS[area]?.[teamRole]?.includes(action) ?? false;
}

/**
 * Whether the role may do `action` on `area`. A Merchant user's team role narrows it further: the
 * server always passes it; a console that has not got it yet shows the owner's view (the server
 * still refuses what the team role may not do).
 */
export function can(
  roleId: RoleId | undefined | null,
  area: Area,
  action: Action,
  teamRole?: MerchantTeamRole | null,
): boolean {
  if (roleId == null) return false;
  if (!(PERMISSIONS[area][roleId]?.includes(action) ?? false)) return false;
  return roleId !== ROLE.Merchant || teamRoleMay(teamRole ?? 'owner', area, action);
}

/** `can` for a user as the API describes it (role and, for Merchant users, team role). */
export function canUser(
  user: { roleId: RoleId; merchantRole?: MerchantTeamRole | null } | null | undefined,
  area: Area,
  action: Action,
): boolean {
  return user ? can(user.roleId, area, action, user.merchantRole ?? null) : false;
}

/**
 * Which roles a user of `actorRoleId` may invite or manage. Only Admins give people access to a
 * merchant's money (Merchant users, invited per merchant).
 */
export function manageableRoleIds(actorRoleId: RoleId): readonly RoleId[] {
  if (actorRoleId === ROLE.Admin) return [ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin, ROLE.Merchant];
  if (actorRoleId === ROLE.SubAdmin) return [ROLE.Staff, ROLE.PhoneFarm];
  return [];
}
