import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CustomerPage } from '../../../components/customer-page';

/** Spec §2: /deposit and /merchant/embed are the same screen. */
export default function DepositRoute() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const titleKey = pathname.startsWith('/merchant/embed') ? 'routes.merchantEmbed' : 'routes.deposit';
  return (
    <CustomerPage title={t(`common:${titleKey}`)}>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('common:notAvailableYet.customer')}</p>
    </CustomerPage>
  );
}
