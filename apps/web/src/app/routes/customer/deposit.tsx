import { DepositFlow } from '../../../features/deposit/components/deposit-flow';

/** Spec §2: /deposit and /merchant/embed are the same screen; `?session=` names the payment session. */
export default function DepositRoute() {
  return <DepositFlow sessionId={new URLSearchParams(window.location.search).get('session')} />;
}
