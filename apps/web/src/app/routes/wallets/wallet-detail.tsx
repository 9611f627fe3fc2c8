import { useParams } from 'react-router';
import { WalletDetail } from '../../../features/wallets/components/wallet-detail';
import { useRouteProvider } from './use-route-provider';

/** /<provider>/:id: one account of the provider. */
export default function WalletDetailRoute() {
  const { id = '' } = useParams();
  return <WalletDetail provider={useRouteProvider()} id={id} />;
}
