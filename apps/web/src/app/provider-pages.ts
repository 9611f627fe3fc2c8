import { ACCOUNT_TYPE_OF_PROVIDER, WALLET_PROVIDERS, type WalletProvider } from '@gerbang/contract';
import type { IconName } from '../components/ui/icon';
import type { PageHeaderVariant } from './layouts/page-header-variant';
import type { SidebarItem } from './layouts/sidebar-item';

/**
 * Each wallet provider's sidebar link and page header in the admin console (its pages:
 * provider-routes.ts), mapped over the contract's provider list: a new provider needs no line
 * here. Texts are the provider's own where the locales have them (spec §2: "Wallet Dashboard",
 * "Dana", …) and otherwise interpolate its name (`common.providers.<provider>`): "GCash Dashboard".
 */
const iconOf = (provider: WalletProvider): IconName =>
  ACCOUNT_TYPE_OF_PROVIDER[provider] === 'bank' ? 'bank' : 'wallet';

export const PROVIDER_SIDEBAR_ITEMS: readonly SidebarItem[] = WALLET_PROVIDERS.map((provider) => ({
  path: `/${provider}`,
  labelKey: [`sidebar.${provider}`, 'sidebar.provider'],
  provider,
  icon: iconOf(provider),
}));

export const PROVIDER_PAGE_HEADER_VARIANTS: readonly PageHeaderVariant[] = WALLET_PROVIDERS.map((provider) => ({
  word: provider,
  key: [provider, 'provider'],
  provider,
  icon: iconOf(provider),
}));
