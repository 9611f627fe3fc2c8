import { PROVIDER_SIDEBAR_ITEMS } from '../provider-pages';
import type { SidebarItem } from './sidebar-item';

/** Spec §2 "Admin sidebar (heading GENERAL), in order", then analytics, alerts, the audit log and the permission matrix. */
export const ADMIN_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { path: '/transaction', labelKey: 'sidebar.transaction', icon: 'transaction' },
  { path: '/transaction-session', labelKey: 'sidebar.transactionSession', icon: 'session' },
  { path: '/withdrawal-requests', labelKey: 'sidebar.withdrawalRequest', icon: 'withdrawal' },
  { path: '/merchant', labelKey: 'sidebar.merchant', icon: 'merchant' },
  { path: '/user', labelKey: 'sidebar.user', icon: 'user' },
  { path: '/', labelKey: 'sidebar.device', icon: 'device' },
  ...PROVIDER_SIDEBAR_ITEMS,
  { path: '/proxy', labelKey: 'sidebar.proxy', icon: 'proxy' },
  { path: '/analytics', labelKey: 'sidebar.analytics', icon: 'dashboard' },
  { path: '/alerts', labelKey: 'sidebar.alerts', icon: 'bell' },
  { path: '/audit', labelKey: 'sidebar.auditLog', icon: 'audit' },
  { path: '/permissions', labelKey: 'sidebar.permissions', icon: 'key' },
];
