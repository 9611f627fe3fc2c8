import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { CustomerPage } from '../../../components/customer-page';
import { DepositFlow } from '../../../features/deposit/components/deposit-flow';

/** Spec §2: /deposit and /merchant/embed are the same screen; `?session=` names the payment session. */
export default function DepositRoute() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const titleKey = pathname.startsWith('/merchant/embed') ? 'routes.merchantEmbed' : 'routes.deposit';
  return (
    <CustomerPage title={t(`common:${titleKey}`)}>
      <DepositFlow sessionId={params.get('session')} />
    </CustomerPage>
  );
}
