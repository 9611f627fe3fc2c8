import { SavedViews } from '../../../features/saved-views/components/saved-views';
import { WithdrawalList } from '../../../features/withdrawals/components/withdrawal-list';

export default function WithdrawalRequestsRoute() {
  return (
    <div className="flex flex-col gap-4">
      <SavedViews />
      <WithdrawalList forOperators />
    </div>
  );
}
