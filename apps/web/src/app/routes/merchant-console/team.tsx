import { ApprovalPolicyForm } from '../../../features/team/components/approval-policy-form';
import { TeamApprovals } from '../../../features/team/components/team-approvals';
import { TeamList } from '../../../features/team/components/team-list';

/**
 * Merchant console /team: the owner manages who else works for the merchant, and as what, and
 * approves the money out members ask for above its amount.
 */
export default function TeamRoute() {
  return (
    <div className="flex flex-col gap-10">
      <TeamList />
      <div className="flex flex-col gap-3">
        <TeamApprovals />
        <ApprovalPolicyForm />
      </div>
    </div>
  );
}
