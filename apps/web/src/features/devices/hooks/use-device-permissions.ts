import { can } from '@gerbang/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/**
 * What the signed-in user may do to devices, read from the contract's permission table (the
 * server enforces the same table; this only hides what it would refuse). Staff only view.
 */
export function useDevicePermissions() {
  const { user } = useSession();
  return useMemo(() => {
    const roleId = user?.roleId;
    return {
      canRegister: can(roleId, 'devices', 'create'),
      canEdit: can(roleId, 'devices', 'update'),
      /** Run checks, rotate the token, disable and enable. */
      canOperate: can(roleId, 'devices', 'operate'),
    };
  }, [user]);
}
