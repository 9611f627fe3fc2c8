import type { UserStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

const STATUS_CLASSES: Record<UserStatus, string> = {
  active: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  invited: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
  disabled: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation(['users']);
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>
      {t(`users:statuses.${status}`)}
    </span>
  );
}
