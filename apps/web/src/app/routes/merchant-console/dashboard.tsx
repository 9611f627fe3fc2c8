import { BalanceCards } from '../../../features/merchant-dashboard/components/balance-cards';
import { MerchantActivity } from '../../../features/merchant-dashboard/components/merchant-activity';
import { StatementDownload } from '../../../features/merchant-dashboard/components/statement-download';

export default function MerchantDashboardRoute() {
  return (
    <div className="flex flex-col gap-8">
      <BalanceCards />
      <MerchantActivity />
      <StatementDownload />
    </div>
  );
}
