import { MerchantList } from '../../../features/merchants/components/merchant-list';

export default function MerchantListRoute() {
  return <MerchantList />;
}
