import { ROLE_IDS, ROLE_KEYS, type RoleId, USER_STATUSES, type UserStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

type UserFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  roleId: RoleId | null;
  onRoleChange: (roleId: RoleId | null) => void;
  status: UserStatus | null;
  onStatusChange: (status: UserStatus | null) => void;
};

const ANY = '';

export function UserFilters({
  search,
  onSearchChange,
  roleId,
  onRoleChange,
  status,
  onStatusChange,
}: UserFiltersProps) {
  const { t } = useTranslation(['users']);
  const roleOptions = [
    { value: ANY, label: t('users:list.allRoles') },
    ...ROLE_IDS.map((id) => ({ value: String(id), label: t(`users:roles.${ROLE_KEYS[id]}`) })),
  ];
  const statusOptions = [
    { value: ANY, label: t('users:list.allStatuses') },
    ...USER_STATUSES.map((value) => ({ value, label: t(`users:statuses.${value}`) })),
  ];

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <Input
          label={t('users:list.search')}
          name="q"
          type="search"
          placeholder={t('users:list.searchPlaceholder')}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <Select
        label={t('users:list.roleFilter')}
        name="roleId"
        options={roleOptions}
        value={roleId === null ? ANY : String(roleId)}
        onChange={(event) => onRoleChange(ROLE_IDS.find((id) => String(id) === event.target.value) ?? null)}
      />
      <Select
        label={t('users:list.statusFilter')}
        name="status"
        options={statusOptions}
        value={status ?? ANY}
        onChange={(event) => onStatusChange(USER_STATUSES.find((value) => value === event.target.value) ?? null)}
      />
    </div>
  );
}
