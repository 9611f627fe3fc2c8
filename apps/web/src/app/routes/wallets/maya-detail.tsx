import { useParams } from 'react-router';
import { WalletDetail } from '../../../features/wallets/components/wallet-detail';

export default function MayaDetailRoute() {
  const { id = '' } = useParams();
  return <WalletDetail provider="maya" id={id} />;
}
