import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';

/** The bell in the top bar: a link to the Alerts page, with the number nobody has seen yet. */
export function AlertBellLink({ count }: { count: number | null }) {
  const { t } = useTranslation('common');
  const label = count ? t('common:alerts.bellWithCount', { count }) : t('common:alerts.bell');
  return (
    <Link
      to="/alerts"
      aria-label={label}
      title={label}
      className="relative rounded-md p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      <Icon name="bell" className="size-6" />
      {count ? (
        <span
          data-testid="alert-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
