import { BalanceCards } from '../../../features/merchant-dashboard/components/balance-cards';
import { MerchantActivity } from '../../../features/merchant-dashboard/components/merchant-activity';

export default function MerchantDashboardRoute() {
  return (
    <div className="flex flex-col gap-8">
      <BalanceCards />
      <MerchantActivity />
    </div>
  );
}
