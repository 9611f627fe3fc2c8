import type { RoleId, UserStatus } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useUsers } from '../api/get-users';
import { useUserPermissions } from '../hooks/use-user-permissions';
import { InviteUserModal } from './invite-user-modal';
import { UserFilters } from './user-filters';
import { UsersTable } from './users-table';

const SEARCH_DEBOUNCE_MS = 300;

export function UserList() {
  const { t } = useTranslation(['users']);
  const apiErrorMessage = useApiErrorMessage();
  const { canInvite, roleOptions } = useUserPermissions();
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState<RoleId | null>(null);
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const usersQuery = useUsers({ q, roleId, status });
  const users = usersQuery.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="user-list-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="user-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('users:list.heading')}
        </h2>
        {canInvite ? (
          <Button variant="primary" onClick={() => setIsInviting(true)}>
            {t('users:actions.invite')}
          </Button>
        ) : null}
      </div>
      <UserFilters
        search={search}
        onSearchChange={setSearch}
        roleId={roleId}
        onRoleChange={setRoleId}
        status={status}
        onStatusChange={setStatus}
      />
      {usersQuery.isError ? (
        <div className="flex flex-col items-start gap-2">
          <FormError>
            {t('users:list.loadFailed')} {apiErrorMessage(usersQuery.error)}
          </FormError>
          <Button variant="secondary" onClick={() => void usersQuery.refetch()}>
            {t('users:list.retry')}
          </Button>
        </div>
      ) : (
        <UsersTable users={users} isLoading={usersQuery.isPending} />
      )}
      <LoadMoreButton query={usersQuery} />
      {isInviting ? <InviteUserModal roleOptions={roleOptions} onClose={() => setIsInviting(false)} /> : null}
    </section>
  );
}
