import { canUser } from '@gerbang/contract';
import { TeamApprovals } from '../../../features/team/components/team-approvals';
import { WithdrawalList } from '../../../features/withdrawals/components/withdrawal-list';
import { useSession } from '../../../lib/session';

/** Merchant console /withdrawal-requests: its withdrawals, and a member's own requests waiting for (or answered by) an owner. */
export default function MerchantWithdrawalRequestsRoute() {
  const { user } = useSession();
  const asksOwners = canUser(user, 'refunds', 'create') && !canUser(user, 'team', 'view');
  return (
    <div className="flex flex-col gap-10">
      <WithdrawalList forOperators={false} />
      {asksOwners ? <TeamApprovals mine /> : null}
    </div>
  );
}
