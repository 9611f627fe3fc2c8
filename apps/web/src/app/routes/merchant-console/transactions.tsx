import { DepositTransferList } from '../../../features/deposit-transfers/components/deposit-transfer-list';
import { PaymentSessionList } from '../../../features/payment-sessions/components/payment-session-list';
import { SavedViews } from '../../../features/saved-views/components/saved-views';

/** The merchant's own payment sessions, then the transfers that paid them. */
export default function TransactionsRoute() {
  return (
    <div className="flex flex-col gap-10">
      <SavedViews />
      <PaymentSessionList forOperators={false} />
      <DepositTransferList />
    </div>
  );
}
