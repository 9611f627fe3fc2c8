import type { SidebarItem } from './sidebar-item';

/** Spec §2 "Merchant sidebar", then its team and the audit of what its users did. */
export const MERCHANT_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { path: '/', labelKey: 'sidebar.dashboard', icon: 'dashboard' },
  { path: '/api-tokens', labelKey: 'sidebar.apiTokens', icon: 'token' },
  { path: '/api-logs', labelKey: 'sidebar.apiLogs', icon: 'session' },
  { path: '/webhooks', labelKey: 'sidebar.webhooks', icon: 'bell' },
  { path: '/transaction', labelKey: 'sidebar.transaction', icon: 'transaction' },
  { path: '/withdrawal-requests', labelKey: 'sidebar.withdrawalRequests', icon: 'withdrawal' },
  { path: '/payout-methods', labelKey: 'sidebar.payoutMethods', icon: 'payout' },
  { path: '/team', labelKey: 'sidebar.team', icon: 'user' },
  { path: '/audit', labelKey: 'sidebar.auditLog', icon: 'audit' },
];
