import { PaymentSessionList } from '../../../features/payment-sessions/components/payment-session-list';

export default function TransactionSessionListRoute() {
  return <PaymentSessionList forOperators />;
}
