import type { User } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { UserActions } from './user-actions';
import { UserRoleLabel } from './user-role-label';
import { UserStatusBadge } from './user-status-badge';

type UsersTableProps = { users: User[]; isLoading: boolean };

export function UsersTable({ users, isLoading }: UsersTableProps) {
  const { t } = useTranslation(['users']);
  const formatDateTime = useFormatDateTime();
  const columns: TableColumn<User>[] = [
    {
      key: 'name',
      header: t('users:fields.name'),
      cell: (user) => (
        <Link
          to={`/user/${user.id}`}
          className="font-medium text-gray-900 underline hover:no-underline dark:text-white"
        >
          {user.name}
        </Link>
      ),
    },
    { key: 'email', header: t('users:fields.email'), cell: (user) => <span className="break-all">{user.email}</span> },
    {
      key: 'role',
      header: t('users:fields.role'),
      cell: (user) => (
        <>
          <UserRoleLabel roleId={user.roleId} />
          {user.merchantName ? <span className="text-gray-500 dark:text-gray-400"> · {user.merchantName}</span> : null}
        </>
      ),
    },
    { key: 'status', header: t('users:fields.status'), cell: (user) => <UserStatusBadge status={user.status} /> },
    {
      key: 'loggedIn',
      header: t('users:fields.loggedIn'),
      cell: (user) => (user.isLoggedIn ? t('users:loggedIn.yes') : t('users:loggedIn.no')),
    },
    {
      key: 'lastLogin',
      header: t('users:fields.lastLogin'),
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users:never')),
    },
    { key: 'actions', header: t('users:fields.actions'), cell: (user) => <UserActions user={user} /> },
  ];

  return (
    <Table
      columns={columns}
      rows={users}
      getRowKey={(user) => user.id}
      isLoading={isLoading}
      emptyMessage={t('users:list.empty')}
      caption={t('users:list.heading')}
    />
  );
}
