import { can } from '@gerbang/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/** What the signed-in user may do to proxies, from the contract's table (the server enforces the same). */
export function useProxyPermissions() {
  const { user } = useSession();
  return useMemo(() => {
    const roleId = user?.roleId;
    return {
      canCreate: can(roleId, 'proxies', 'create'),
      canUpdate: can(roleId, 'proxies', 'update'),
      canDelete: can(roleId, 'proxies', 'delete'),
      canCheck: can(roleId, 'proxies', 'operate'),
    };
  }, [user]);
}
