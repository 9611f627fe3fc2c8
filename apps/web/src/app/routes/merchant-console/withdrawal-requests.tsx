import { WithdrawalList } from '../../../features/withdrawals/components/withdrawal-list';

export default function MerchantWithdrawalRequestsRoute() {
  return <WithdrawalList forOperators={false} />;
}
