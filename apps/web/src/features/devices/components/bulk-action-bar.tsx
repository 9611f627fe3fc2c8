import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { RunChecksControl } from './run-checks-control';

type BulkActionBarProps = {
  selectedIds: string[];
  visibleCount: number;
  onSelectAll: () => void;
  onClear: () => void;
};

/** Acts on the checked devices; the count is announced as it changes. */
export function BulkActionBar({ selectedIds, visibleCount, onSelectAll, onClear }: BulkActionBarProps) {
  const { t } = useTranslation(['devices']);
  const count = selectedIds.length;
  const target = t('devices:bulk.target', { count });
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
      <p aria-live="polite" className="text-sm font-medium">
        {t('devices:bulk.selected', { count })}
      </p>
      <Button variant="ghost" onClick={onSelectAll} disabled={visibleCount === 0 || count === visibleCount}>
        {t('devices:bulk.selectAll', { count: visibleCount })}
      </Button>
      {count > 0 ? (
        <>
          <Button variant="ghost" onClick={onClear}>
            {t('devices:bulk.clear')}
          </Button>
          <RunChecksControl deviceIds={selectedIds} target={target} onStarted={onClear} />
        </>
      ) : null}
    </div>
  );
}
