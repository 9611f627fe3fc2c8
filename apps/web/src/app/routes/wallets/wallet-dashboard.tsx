import { WalletDashboard } from '../../../features/wallets/components/wallet-dashboard';
import { useRouteProvider } from './use-route-provider';

/** /<provider>: the provider's accounts (the provider is the path's first segment). */
export default function WalletDashboardRoute() {
  return <WalletDashboard provider={useRouteProvider()} />;
}
