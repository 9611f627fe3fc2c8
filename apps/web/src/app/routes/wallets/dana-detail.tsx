import { useParams } from 'react-router';
import { WalletDetail } from '../../../features/wallets/components/wallet-detail';

export default function DanaDetailRoute() {
  const { id = '' } = useParams();
  return <WalletDetail provider="dana" id={id} />;
}
