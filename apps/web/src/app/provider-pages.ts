import { ACCOUNT_TYPE_OF_PROVIDER, WALLET_PROVIDERS, type WalletProvider } from '@gerbang/contract';
import type { IconName } from '../components/ui/icon';
import type { PageHeaderVariant } from './layouts/page-header-variant';
import type { SidebarItem } from './layouts/sidebar-item';
import type { AppRoute } from './route-definition';

/**
 * Each wallet provider's pages in the admin console (its dashboard at /<provider> and an account's
 * detail at /<provider>/:id), its sidebar link and its page header, mapped over the contract's
 * provider list: a new provider needs no line here. Texts are the provider's own where the
 * locales have them (spec §2: "Wallet Dashboard", "Dana", …) and otherwise interpolate its name
 * (`common.providers.<provider>`): "GCash Dashboard".
 */
const iconOf = (provider: WalletProvider): IconName =>
  ACCOUNT_TYPE_OF_PROVIDER[provider] === 'bank' ? 'bank' : 'wallet';

export const PROVIDER_ROUTES: readonly AppRoute[] = WALLET_PROVIDERS.flatMap((provider): AppRoute[] => [
  {
    path: `/${provider}`,
    titleKey: [`routes.dashboardOf.${provider}`, 'routes.providerDashboard'],
    provider,
    area: 'wallets',
    layout: 'console',
    namespaces: ['wallets'],
    load: () => import('./routes/wallets/wallet-dashboard'),
  },
  {
    path: `/${provider}/:id`,
    titleKey: 'routes.walletAccount',
    area: 'wallets',
    layout: 'console',
    namespaces: ['wallets'],
    load: () => import('./routes/wallets/wallet-detail'),
  },
]);

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
