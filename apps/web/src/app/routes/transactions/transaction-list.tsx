import { DepositTransferList } from '../../../features/deposit-transfers/components/deposit-transfer-list';

export default function TransactionsRoute() {
  return <DepositTransferList />;
}
