import { type InvitableRoleId, ROLE_KEYS } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';

type RoleSelectProps = {
  value: InvitableRoleId;
  options: readonly InvitableRoleId[];
  onChange: (roleId: InvitableRoleId) => void;
  error?: string;
};

/** Offers only the roles the signed-in user may give (contract `manageableRoleIds`). */
export function RoleSelect({ value, options, onChange, error }: RoleSelectProps) {
  const { t } = useTranslation(['users']);
  return (
    <Select
      label={t('users:fields.role')}
      name="roleId"
      required
      value={String(value)}
      onChange={(event) => {
        const roleId = options.find((option) => String(option) === event.target.value);
        if (roleId !== undefined) onChange(roleId);
      }}
      options={options.map((roleId) => ({ value: String(roleId), label: t(`users:roles.${ROLE_KEYS[roleId]}`) }))}
      error={error}
    />
  );
}
