import { RequestTransactionForm } from '../../../features/payment-links/components/request-transaction-form';

export default function RequestTransactionRoute() {
  return <RequestTransactionForm />;
}
