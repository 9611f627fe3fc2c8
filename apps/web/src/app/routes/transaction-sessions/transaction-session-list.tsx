import { PaymentSessionList } from '../../../features/payment-sessions/components/payment-session-list';
import { SavedViews } from '../../../features/saved-views/components/saved-views';

export default function TransactionSessionListRoute() {
  return (
    <div className="flex flex-col gap-4">
      <SavedViews />
      <PaymentSessionList forOperators />
    </div>
  );
}
