import { useParams } from 'react-router';
import { WalletDetail } from '../../../features/wallets/components/wallet-detail';

export default function LivinDetailRoute() {
  const { id = '' } = useParams();
  return <WalletDetail provider="livin" id={id} />;
}
