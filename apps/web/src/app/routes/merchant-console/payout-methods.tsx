import { PayoutMethodList } from '../../../features/payout-methods/components/payout-method-list';

export default function PayoutMethodsRoute() {
  return <PayoutMethodList />;
}
