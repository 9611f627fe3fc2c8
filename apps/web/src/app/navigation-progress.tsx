import { useTranslation } from 'react-i18next';
import { useIsPageLoading } from './page-loads';

/** A thin bar at the top while the next route's module loads (spec §2). */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const isLoading = useIsPageLoading();
  if (!isLoading) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common:loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-primary/30"
    >
      <div className="h-full w-2/5 animate-[route-progress_1s_ease-in-out_infinite] bg-primary-dark" />
    </div>
  );
}
