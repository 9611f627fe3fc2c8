import { can, type User } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useResetUserSecondFactor } from '../../second-factor/api/second-factor';
import { useUserPermissions } from '../hooks/use-user-permissions';
import { useUserStatusActions } from '../hooks/use-user-status-actions';
import { EditUserModal } from './edit-user-modal';

/**
 * Edit, disable, enable and resend activation for one user: the same buttons in a table row
 * and on the detail page. Each button's name includes the user's name, so a screen reader
 * going through the table hears whom it acts on.
 */
export function UserActions({ user }: { user: User }) {
  const { t } = useTranslation(['users']);
  const { canEdit, canOperate, roleOptions } = useUserPermissions();
  const { onDisable, onEnable, onResendActivation, isDisabling, isEnabling, isResending } = useUserStatusActions();
  const [isEditing, setIsEditing] = useState(false);
  const mayOperate = canOperate(user);
  const resetSecondFactor = useResetSecondFactorAction(user);

  return (
    <div className="flex flex-wrap gap-2">
      {canEdit(user) ? (
        <Button
          variant="secondary"
          aria-label={t('users:actions.editUser', { name: user.name })}
          onClick={() => setIsEditing(true)}
        >
          {t('users:actions.edit')}
        </Button>
      ) : null}
      {mayOperate && user.status === 'invited' ? (
        <Button
          variant="secondary"
          aria-label={t('users:actions.resendUser', { name: user.name })}
          isLoading={isResending}
          onClick={() => onResendActivation(user)}
        >
          {t('users:actions.resend')}
        </Button>
      ) : null}
      {mayOperate && user.status === 'disabled' ? (
        <Button
          variant="secondary"
          aria-label={t('users:actions.enableUser', { name: user.name })}
          isLoading={isEnabling}
          onClick={() => onEnable(user)}
        >
          {t('users:actions.enable')}
        </Button>
      ) : null}
      {mayOperate && user.status !== 'disabled' ? (
        <Button
          variant="danger"
          aria-label={t('users:actions.disableUser', { name: user.name })}
          isLoading={isDisabling}
          onClick={() => void onDisable(user)}
        >
          {t('users:actions.disable')}
        </Button>
      ) : null}
      {resetSecondFactor ? (
        <Button
          variant="secondary"
          aria-label={t('users:actions.resetSecondFactorUser', { name: user.name })}
          isLoading={resetSecondFactor.isPending}
          onClick={() => void resetSecondFactor.run()}
        >
          {t('users:actions.resetSecondFactor')}
        </Button>
      ) : null}
      {isEditing ? <EditUserModal user={user} roleOptions={roleOptions} onClose={() => setIsEditing(false)} /> : null}
    </div>
  );
}

/** An Admin clears another user's second factor (a lost phone), after confirming; null when not offered. */
function useResetSecondFactorAction(user: User) {
  const { t } = useTranslation(['users']);
  const { user: me } = useSession();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const reset = useResetUserSecondFactor();
  if (!me || !can(me.roleId, 'security', 'update') || me.id === user.id || !user.secondFactorEnrolled) return null;
  return {
    isPending: reset.isPending,
    async run() {
      const confirmed = await confirm({
        title: t('users:resetSecondFactor.title'),
        message: t('users:resetSecondFactor.message', { name: user.name }),
        confirmText: t('users:actions.resetSecondFactor'),
      });
      if (!confirmed) return;
      reset.mutate(user.id, {
        onSuccess: () => toast.success(t('users:resetSecondFactor.done', { name: user.name })),
        onError: (error) => toast.error(apiErrorMessage(error)),
      });
    },
  };
}
