import { WalletDashboard } from '../../../features/wallets/components/wallet-dashboard';

export default function DanaDashboardRoute() {
  return <WalletDashboard provider="dana" />;
}
