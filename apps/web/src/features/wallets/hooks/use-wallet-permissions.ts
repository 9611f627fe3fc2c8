import { can } from '@gerbang/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/**
 * What the signed-in user may do to wallet accounts, from the contract's permission table (the
 * server enforces the same table; this only hides what it would refuse). Staff only view.
 */
export function useWalletPermissions() {
  const { user } = useSession();
  return useMemo(() => {
    const roleId = user?.roleId;
    return {
      canCreate: can(roleId, 'wallets', 'create'),
      /** Details, limits, force-active, credentials, proxy. */
      canEdit: can(roleId, 'wallets', 'update'),
      /** Log in, run checks, disable and enable. */
      canOperate: can(roleId, 'wallets', 'operate'),
      canDelete: can(roleId, 'wallets', 'delete'),
    };
  }, [user]);
}
