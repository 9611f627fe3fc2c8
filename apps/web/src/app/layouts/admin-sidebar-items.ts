import type { SidebarItem } from './sidebar-item';

/** Spec §2 "Admin sidebar (heading GENERAL), in order". */
export const ADMIN_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { path: '/transaction', labelKey: 'sidebar.transaction', icon: 'transaction' },
  { path: '/transaction-session', labelKey: 'sidebar.transactionSession', icon: 'session' },
  { path: '/withdrawal-requests', labelKey: 'sidebar.withdrawalRequest', icon: 'withdrawal' },
  { path: '/merchant', labelKey: 'sidebar.merchant', icon: 'merchant' },
  { path: '/user', labelKey: 'sidebar.user', icon: 'user' },
  { path: '/', labelKey: 'sidebar.device', icon: 'device' },
  { path: '/dana', labelKey: 'sidebar.dana', icon: 'wallet' },
  { path: '/livin', labelKey: 'sidebar.livin', icon: 'bank' },
  { path: '/maya', labelKey: 'sidebar.maya', icon: 'wallet' },
  { path: '/proxy', labelKey: 'sidebar.proxy', icon: 'proxy' },
];
