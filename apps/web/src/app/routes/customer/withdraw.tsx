import { useTranslation } from 'react-i18next';
import { CustomerPage } from '../../../components/customer-page';

export default function WithdrawRoute() {
  const { t } = useTranslation('common');
  return (
    <CustomerPage title={t('common:routes.withdraw')}>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('common:notAvailableYet.customer')}</p>
    </CustomerPage>
  );
}
