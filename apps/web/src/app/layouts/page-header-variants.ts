import { PROVIDER_PAGE_HEADER_VARIANTS } from '../provider-pages';
import type { PageHeaderVariant } from './page-header-variant';

export type { PageHeaderVariant } from './page-header-variant';

/**
 * Spec §2 "Page header": the first word found in the path picks the title, blurb and icon.
 * Longer, more specific words come first (change-password before user-like words, etc.).
 */
export const PAGE_HEADER_VARIANTS: readonly PageHeaderVariant[] = [
  { word: 'change-password', key: 'changePassword', icon: 'lock' },
  { word: 'account/security', key: 'accountSecurity', icon: 'lock' },
  { word: 'security', key: 'securityPolicy', icon: 'lock' },
  { word: 'analytics', key: 'analytics', icon: 'dashboard' },
  { word: 'alerts', key: 'alerts', icon: 'bell' },
  { word: 'team', key: 'team', icon: 'user' },
  { word: 'withdrawal-requests', key: 'withdrawalRequests', icon: 'withdrawal' },
  { word: 'api-tokens', key: 'apiTokens', icon: 'token' },
  { word: 'api-logs', key: 'apiLogs', icon: 'session' },
  { word: 'webhooks', key: 'webhooks', icon: 'bell' },
  { word: 'payout-methods', key: 'payoutMethods', icon: 'payout' },
  { word: 'transaction', key: 'transactionManagement', icon: 'transaction' },
  ...PROVIDER_PAGE_HEADER_VARIANTS,
  { word: 'merchant', key: 'merchant', icon: 'merchant' },
  { word: 'user', key: 'user', icon: 'user' },
  { word: 'proxy', key: 'proxy', icon: 'proxy' },
  { word: 'audit', key: 'auditLog', icon: 'audit' },
  { word: 'permissions', key: 'permissions', icon: 'key' },
];

/** Any other path shows 'Device' (spec §2). */
export const DEFAULT_PAGE_HEADER_VARIANT: PageHeaderVariant = { word: '', key: 'device', icon: 'device' };

/**
 * The merchant console has no devices: its other path ("/") is its Dashboard. The spec's rule
 * describes the admin console, where "/" is the Device Dashboard.
 */
export const MERCHANT_DEFAULT_PAGE_HEADER_VARIANT: PageHeaderVariant = {
  word: '',
  key: 'dashboard',
  icon: 'dashboard',
};

export function pageHeaderVariantFor(
  pathname: string,
  fallback: PageHeaderVariant = DEFAULT_PAGE_HEADER_VARIANT,
): PageHeaderVariant {
  const path = pathname.toLowerCase();
  return PAGE_HEADER_VARIANTS.find((variant) => path.includes(variant.word)) ?? fallback;
}
