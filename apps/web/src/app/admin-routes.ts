import { ROLE } from '@gerbang/contract';
import { AUTH_ROUTES } from './auth-routes';
import { PROVIDER_ROUTES } from './provider-routes';
import type { AppRoute, ComponentLoader } from './route-definition';

/**
 * Spec §2 "Admin route table", in its order. Its public customer pages (/request-transaction,
 * /merchant/embed, /deposit, /withdraw) are served by this console as their own document
 * (customer.html, app/customer/customer-routes.ts), without the console's code.
 */
export const ADMIN_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    titleKey: 'routes.deviceDashboard',
    area: 'devices',
    layout: 'console',
    namespaces: ['devices'],
    load: () => import('./routes/devices/device-dashboard'),
  },
  {
    path: '/device/:id',
    titleKey: 'routes.deviceDetail',
    area: 'devices',
    layout: 'console',
    namespaces: ['devices'],
    load: () => import('./routes/devices/device-detail'),
  },
  ...AUTH_ROUTES,
  {
    path: '/transaction',
    titleKey: 'routes.transaction',
    roles: [ROLE.Admin],
    area: 'transactions',
    layout: 'console',
    namespaces: ['depositTransfers', 'payoutExceptions', 'withdrawals'],
    load: () => import('./routes/transactions/transaction-list'),
  },
  ...PROVIDER_ROUTES,
  {
    path: '/merchant',
    titleKey: 'routes.merchantManagement',
    area: 'merchants',
    layout: 'console',
    namespaces: ['merchants', 'users'],
    load: () => import('./routes/merchants/merchant-list'),
  },
  {
    path: '/user',
    titleKey: 'routes.userManagement',
    area: 'users',
    layout: 'console',
    namespaces: ['users'],
    load: () => import('./routes/users/user-list'),
  },
  {
    path: '/user/:id',
    titleKey: 'routes.userDetail',
    area: 'users',
    layout: 'console',
    namespaces: ['users'],
    load: () => import('./routes/users/user-detail'),
  },
  {
    path: '/proxy',
    titleKey: 'routes.proxyManagement',
    area: 'proxies',
    layout: 'console',
    namespaces: ['proxies'],
    load: () => import('./routes/proxies/proxy-list'),
  },
  {
    path: '/change-password',
    titleKey: 'routes.changePassword',
    layout: 'console',
    namespaces: ['accountSecurity'],
    load: () => import('./routes/change-password'),
  },
  {
    path: '/account/security',
    titleKey: 'routes.accountSecurity',
    layout: 'console',
    namespaces: ['accountSecurity'],
    load: () => import('./routes/account-security'),
  },
  {
    path: '/alerts',
    titleKey: 'routes.alerts',
    area: 'alerts',
    layout: 'console',
    namespaces: ['alerts'],
    load: () => import('./routes/alerts'),
  },
  {
    path: '/security',
    titleKey: 'routes.securityPolicy',
    area: 'security',
    layout: 'console',
    namespaces: ['accountSecurity'],
    load: () => import('./routes/security-policy'),
  },
  {
    path: '/withdrawal-requests',
    titleKey: 'routes.withdrawalRequest',
    area: 'withdrawals',
    layout: 'console',
    load: () => import('./routes/withdrawals/withdrawal-requests'),
  },
  {
    path: '/transaction-session',
    titleKey: 'routes.transactionSession',
    area: 'transactionSessions',
    layout: 'console',
    namespaces: ['paymentSessions'],
    load: () => import('./routes/transaction-sessions/transaction-session-list'),
  },
  {
    path: '/analytics',
    titleKey: 'routes.analytics',
    area: 'analytics',
    layout: 'console',
    namespaces: ['analytics'],
    load: () => import('./routes/analytics/analytics'),
  },
  {
    path: '/audit',
    titleKey: 'routes.auditLog',
    area: 'audit',
    layout: 'console',
    namespaces: ['audit'],
    load: () => import('./routes/audit/audit-log'),
  },
  {
    // Who gives others a role needs to see what each role grants: the roles that may view users
    // (Admin, Sub Admin), the same as those with audit:view among the admin console's roles today.
    path: '/permissions',
    titleKey: 'routes.permissions',
    area: 'users',
    layout: 'console',
    namespaces: ['permissions'],
    load: () => import('./routes/permissions/permission-matrix'),
  },
];

export const loadAdminLayout: ComponentLoader = async () => ({
  default: (await import('./layouts/admin-layout')).AdminLayout,
});

/**
 * The table and layout main.tsx imports as `#console-routes`, which the build resolves to this
 * console's own (vite.config.ts).
 */
export { ADMIN_ROUTES as CONSOLE_ROUTES, loadAdminLayout as loadConsoleLayout };
