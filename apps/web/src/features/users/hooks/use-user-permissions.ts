import { can, INVITABLE_ROLE_IDS, type InvitableRoleId, manageableRoleIds, ROLE, type User } from '@gerbang/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

function isInvitable(roleId: number): roleId is InvitableRoleId {
  return (INVITABLE_ROLE_IDS as readonly number[]).includes(roleId);
}

/**
 * What the signed-in user may do to users, read from the contract's permission table (the
 * server enforces the same table; this only hides what it would refuse). Nobody manages their
 * own account here: disabling yourself would lock you out.
 */
export function useUserPermissions() {
  const { user: actor } = useSession();
  return useMemo(() => {
    const actorRoleId = actor?.roleId;
    const manageable = actorRoleId ? manageableRoleIds(actorRoleId) : [];
    const roleOptions = manageable.filter(isInvitable);
    const canManage = (target: User) => target.id !== actor?.id && manageable.includes(target.roleId);
    return {
      canInvite: can(actorRoleId, 'users', 'create') && roleOptions.length > 0,
      /** Roles the actor may give in the invite and edit forms. */
      roleOptions,
      /** Merchant users are invited from their merchant's row. */
      canInviteMerchantUsers: can(actorRoleId, 'users', 'create') && manageable.includes(ROLE.Merchant),
      canEdit: (target: User) => can(actorRoleId, 'users', 'update') && canManage(target),
      canOperate: (target: User) => can(actorRoleId, 'users', 'operate') && canManage(target),
    };
  }, [actor]);
}
