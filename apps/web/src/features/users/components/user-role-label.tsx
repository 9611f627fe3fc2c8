import { ROLE_KEYS, type RoleId } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

export function UserRoleLabel({ roleId }: { roleId: RoleId }) {
  const { t } = useTranslation(['users']);
  return <>{t(`users:roles.${ROLE_KEYS[roleId]}`)}</>;
}
