import { can } from '@gerbang/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/** What the signed-in user may do to merchants, from the contract's table (the server enforces the same). */
export function useMerchantPermissions() {
  const { user } = useSession();
  return useMemo(() => {
    const roleId = user?.roleId;
    return {
      canCreate: can(roleId, 'merchants', 'create'),
      canUpdate: can(roleId, 'merchants', 'update'),
      canOperate: can(roleId, 'merchants', 'operate'),
    };
  }, [user]);
}
