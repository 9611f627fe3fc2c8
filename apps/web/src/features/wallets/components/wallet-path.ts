import type { WalletProvider } from '@gerbang/contract';

/** The dashboard of each provider is /dana, /livin, /maya; an account's page is below it. */
export const walletDashboardPath = (provider: WalletProvider) => `/${provider}`;
export const walletDetailPath = (provider: WalletProvider, id: string) => `/${provider}/${encodeURIComponent(id)}`;
