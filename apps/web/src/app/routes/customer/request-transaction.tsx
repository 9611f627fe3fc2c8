import { useTranslation } from 'react-i18next';

export default function RequestTransactionRoute() {
  const { t } = useTranslation('common');
  return <p className="text-sm text-gray-700 dark:text-gray-300">{t('common:notAvailableYet.customer')}</p>;
}
