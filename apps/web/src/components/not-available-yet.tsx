import { useTranslation } from 'react-i18next';
import { EmptyState } from './ui/empty-state';

/** The honest state of a page whose feature arrives with a later release. */
export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return <EmptyState title={title} message={t('common:notAvailableYet.message')} />;
}
