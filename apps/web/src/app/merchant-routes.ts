import { AUTH_ROUTES } from './auth-routes';
import type { AppRoute, ComponentLoader } from './route-definition';

/**
 * The merchant console (spec §1: Dashboard, API Tokens, Transaction, Withdrawal Requests, Payout
 * Methods), plus the account pages every console needs.
 */
export const MERCHANT_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    titleKey: 'routes.dashboard',
    area: 'merchantDashboard',
    layout: 'console',
    namespaces: ['merchantDashboard'],
    drawnWithLayout: true,
    load: () => import('./routes/merchant-console/dashboard'),
  },
  ...AUTH_ROUTES,
  {
    path: '/api-tokens',
    titleKey: 'routes.apiTokens',
    area: 'apiTokens',
    layout: 'console',
    namespaces: ['apiTokens'],
    load: () => import('./routes/merchant-console/api-tokens'),
  },
  {
    path: '/api-logs',
    titleKey: 'routes.apiLogs',
    area: 'apiLogs',
    layout: 'console',
    namespaces: ['apiLogs'],
    load: () => import('./routes/merchant-console/api-logs'),
  },
  {
    path: '/webhooks',
    titleKey: 'routes.webhooks',
    area: 'webhooks',
    layout: 'console',
    namespaces: ['webhooks'],
    drawnWithLayout: true,
    load: () => import('./routes/merchant-console/webhooks'),
  },
  {
    path: '/transaction',
    titleKey: 'routes.transaction',
    area: 'transactions',
    layout: 'console',
    namespaces: ['paymentSessions', 'depositTransfers', 'withdrawals'],
    load: () => import('./routes/merchant-console/transactions'),
  },
  {
    path: '/withdrawal-requests',
    titleKey: 'routes.withdrawalRequests',
    area: 'withdrawals',
    layout: 'console',
    load: () => import('./routes/merchant-console/withdrawal-requests'),
  },
  {
    path: '/payout-methods',
    titleKey: 'routes.payoutMethods',
    area: 'payoutMethods',
    layout: 'console',
    load: () => import('./routes/merchant-console/payout-methods'),
  },
  {
    path: '/change-password',
    titleKey: 'routes.changePassword',
    layout: 'console',
    namespaces: ['accountSecurity'],
    drawnWithLayout: true,
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
    path: '/team',
    titleKey: 'routes.team',
    area: 'team',
    layout: 'console',
    namespaces: ['team'],
    load: () => import('./routes/merchant-console/team'),
  },
  {
    path: '/audit',
    titleKey: 'routes.auditLog',
    area: 'audit',
    layout: 'console',
    namespaces: ['audit'],
    load: () => import('./routes/merchant-console/audit-log'),
  },
];

export const loadMerchantLayout: ComponentLoader = async () => ({
  default: (await import('./layouts/merchant-layout')).MerchantLayout,
});

/**
 * The table and layout main.tsx imports as `#console-routes`, which the build resolves to this
 * console's own (vite.config.ts).
 */
export { loadMerchantLayout as loadConsoleLayout, MERCHANT_ROUTES as CONSOLE_ROUTES };
