import {
  ADMIN_CONSOLE_ROLE_IDS,
  can,
  MERCHANT_CONSOLE_ROLE_IDS,
  type MerchantTeamRole,
  type RoleId,
  type User,
} from '@gerbang/contract';
import type { ConsoleKind } from '../config/build-targets';
import { buildSignInUrl, resolveRedirectTarget, SIGN_IN_PATH } from '../lib/navigation';
import type { AppRoute } from './route-definition';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'wrong-console' }
  | { kind: 'no-access' };

const CONSOLE_ROLE_IDS: Record<ConsoleKind, readonly RoleId[]> = {
  admin: ADMIN_CONSOLE_ROLE_IDS,
  merchant: MERCHANT_CONSOLE_ROLE_IDS,
};

export function isRoleForConsole(roleId: RoleId, consoleKind: ConsoleKind): boolean {
  return CONSOLE_ROLE_IDS[consoleKind].includes(roleId);
}

/** Role list first (spec: /transaction is Admin only), then the permission table's `view`. */
export function canOpenRoute(
  route: AppRoute,
  roleId: RoleId | undefined,
  merchantRole?: MerchantTeamRole | null,
): boolean {
  if (route.isPublic) return true;
  if (roleId === undefined) return false;
  if (route.roles && !route.roles.includes(roleId)) return false;
  if (route.area && !can(roleId, route.area, 'view', merchantRole)) return false;
  return true;
}

type AccessInput = {
  route: AppRoute;
  pathname: string;
  search: string;
  user: (User & { secondFactorRequired?: boolean }) | null;
  consoleKind: ConsoleKind;
};

/** Where a user whose role requires a second factor, and who has none, is sent: nowhere else. */
export const SECOND_FACTOR_SETUP_PATH = '/account/security';

/** Spec §2 "Routing behaviour", as one pure decision. */
export function decideAccess({ route, pathname, search, user, consoleKind }: AccessInput): AccessDecision {
  if (route.isPublic) {
    if (!user) return { kind: 'allow' };
    return { kind: 'redirect', to: resolveRedirectTarget(search) };
  }
  if (!user) {
    if (pathname === SIGN_IN_PATH) return { kind: 'allow' };
    return { kind: 'redirect', to: buildSignInUrl(pathname, search) };
  }
  if (!isRoleForConsole(user.roleId, consoleKind)) return { kind: 'wrong-console' };
  if (user.secondFactorRequired && !user.secondFactorEnrolled && pathname !== SECOND_FACTOR_SETUP_PATH)
    return { kind: 'redirect', to: SECOND_FACTOR_SETUP_PATH };
  if (!canOpenRoute(route, user.roleId, user.merchantRole)) return { kind: 'no-access' };
  return { kind: 'allow' };
}
