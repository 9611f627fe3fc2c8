import type { User } from '@gerbang/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { UserActions } from './user-actions';
import { UserRoleLabel } from './user-role-label';
import { UserStatusBadge } from './user-status-badge';

/** Spec §2: a user detail page has one section, User Information. */
export function UserInfoSection({ user }: { user: User }) {
  const { t } = useTranslation(['users']);
  const formatDateTime = useFormatDateTime();
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'name', label: t('users:fields.name'), value: user.name },
    { key: 'email', label: t('users:fields.email'), value: <span className="break-all">{user.email}</span> },
    { key: 'role', label: t('users:fields.role'), value: <UserRoleLabel roleId={user.roleId} /> },
    { key: 'status', label: t('users:fields.status'), value: <UserStatusBadge status={user.status} /> },
    {
      key: 'loggedIn',
      label: t('users:fields.loggedIn'),
      value: user.isLoggedIn ? t('users:loggedIn.yes') : t('users:loggedIn.no'),
    },
    {
      key: 'lastLogin',
      label: t('users:fields.lastLogin'),
      value: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users:never'),
    },
    {
      key: 'secondFactor',
      label: t('users:fields.secondFactor'),
      value: user.secondFactorEnrolled ? t('users:secondFactor.on') : t('users:secondFactor.off'),
    },
    { key: 'createdAt', label: t('users:fields.createdAt'), value: formatDateTime(user.createdAt) },
    { key: 'updatedAt', label: t('users:fields.updatedAt'), value: formatDateTime(user.updatedAt) },
  ];

  return (
    <section
      aria-labelledby="user-info-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="user-info-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('users:detail.section')}
        </h2>
        <UserActions user={user} />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">{row.label}</dt>
            <dd className="mt-1 text-sm text-gray-900 dark:text-gray-100">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
