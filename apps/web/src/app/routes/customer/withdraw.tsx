import { WithdrawFlow } from '../../../features/withdraw/components/withdraw-flow';

/** `?withdrawal=` names the withdrawal (the merchant API's withdrawUrl). */
export default function WithdrawRoute() {
  return <WithdrawFlow withdrawalId={new URLSearchParams(window.location.search).get('withdrawal')} />;
}
