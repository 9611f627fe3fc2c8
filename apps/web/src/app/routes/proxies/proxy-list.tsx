import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../../../components/not-available-yet';

export default function ProxyListRoute() {
  const { t } = useTranslation('common');
  return <NotAvailableYet title={t('common:routes.proxyManagement')} />;
}
