import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

/** Shown inside the console shell when the role may not open this page. */
export function NoAccess() {
  const { t } = useTranslation('common');
  return <EmptyState title={t('common:noAccess.title')} message={t('common:noAccess.message')} />;
}
