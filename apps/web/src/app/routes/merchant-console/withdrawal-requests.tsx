import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../../../components/not-available-yet';

export default function MerchantWithdrawalRequestsRoute() {
  const { t } = useTranslation('common');
  return <NotAvailableYet title={t('common:routes.withdrawalRequests')} />;
}
