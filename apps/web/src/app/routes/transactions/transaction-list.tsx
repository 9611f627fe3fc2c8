import { DepositTransferList } from '../../../features/deposit-transfers/components/deposit-transfer-list';
import { PaymentClaimList } from '../../../features/payment-claims/components/payment-claim-list';
import { PayoutExceptionList } from '../../../features/payout-exceptions/components/payout-exception-list';
import { SavedViews } from '../../../features/saved-views/components/saved-views';

/** The admin console's "Transaction": incoming transfers and their review queues, customers' claims, then outgoing ones to review. */
export default function TransactionsRoute() {
  return (
    <div className="flex flex-col gap-10">
      <SavedViews />
      <DepositTransferList />
      <PaymentClaimList />
      <PayoutExceptionList />
    </div>
  );
}
