import { WalletDashboard } from '../../../features/wallets/components/wallet-dashboard';

export default function MayaDashboardRoute() {
  return <WalletDashboard provider="maya" />;
}
