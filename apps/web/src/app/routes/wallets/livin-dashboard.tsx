import { WalletDashboard } from '../../../features/wallets/components/wallet-dashboard';

export default function LivinDashboardRoute() {
  return <WalletDashboard provider="livin" />;
}
