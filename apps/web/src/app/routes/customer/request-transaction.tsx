import { useTranslation } from 'react-i18next';
import { CustomerPage } from '../../../components/customer-page';

export default function RequestTransactionRoute() {
  const { t } = useTranslation('common');
  return (
    <CustomerPage title={t('common:routes.requestTransaction')}>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('common:notAvailableYet.customer')}</p>
    </CustomerPage>
  );
}
