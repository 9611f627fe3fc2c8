import type { User } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { useResendActivation } from '../api/resend-activation';

/** Disable (after confirmation), enable and resend activation for one user, with toasts. */
export function useUserStatusActions() {
  const { t } = useTranslation(['users']);
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const disable = useDisableUser();
  const enable = useEnableUser();
  const resend = useResendActivation();
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));

  const onDisable = async (user: User) => {
    // Disabling signs the user out everywhere, so it is never one click away.
    const answer = await confirm({
      title: t('users:disable.title'),
      message: t('users:disable.message', { name: user.name }),
      confirmText: t('users:disable.confirm'),
      cancelText: t('users:actions.cancel'),
    });
    if (answer !== true) return;
    disable.mutate(user.id, {
      onSuccess: (changed) => toast.success(t('users:disable.success', { name: changed.name })),
      onError,
    });
  };

  const onEnable = (user: User) =>
    enable.mutate(user.id, {
      onSuccess: (changed) => toast.success(t('users:enable.success', { name: changed.name })),
      onError,
    });

  const onResendActivation = (user: User) =>
    resend.mutate(user.id, {
      onSuccess: (changed) => toast.success(t('users:resend.success', { email: changed.email })),
      onError,
    });

  return {
    onDisable,
    onEnable,
    onResendActivation,
    isDisabling: disable.isPending,
    isEnabling: enable.isPending,
    isResending: resend.isPending,
  };
}
