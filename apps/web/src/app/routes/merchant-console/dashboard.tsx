import { BalanceCards } from '../../../features/merchant-dashboard/components/balance-cards';

export default function MerchantDashboardRoute() {
  return <BalanceCards />;
}
