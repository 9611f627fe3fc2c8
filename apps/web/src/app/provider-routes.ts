import { WALLET_PROVIDERS } from '@gerbang/contract';
import type { AppRoute } from './route-definition';

/**
 * Each wallet provider's pages in the admin console: its dashboard at /<provider> and an account's
 * detail at /<provider>/:id. Apart from provider-pages.ts (the sidebar links and page headers, which
 * the layout shared by both consoles reads), so that only the admin route table brings them: a
 * bundler keeps a `flatMap` it cannot prove pure, and the merchant build carried the wallet pages.
 */
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
