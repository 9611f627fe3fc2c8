import { WithdrawalList } from '../../../features/withdrawals/components/withdrawal-list';

export default function WithdrawalRequestsRoute() {
  return <WithdrawalList forOperators />;
}
