import type { Merchant } from '@gerbang/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRotateWebhookSecret, useSetMerchantStatus } from '../api/merchant-mutations';
import { useMerchantPermissions } from '../hooks/use-merchant-permissions';

type MerchantActionsProps = {
  merchant: Merchant;
  onEdit: (merchant: Merchant) => void;
  onSecret: (merchant: Merchant, secret: string) => void;
  /** Actions other features add to the row. */
  children?: ReactNode;
};

/** Edit, suspend or resume, and a new webhook secret for one row; each button names the merchant. */
export function MerchantActions({ merchant, onEdit, onSecret, children }: MerchantActionsProps) {
  const { t } = useTranslation(['merchants']);
  const { canUpdate, canOperate } = useMerchantPermissions();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const setStatus = useSetMerchantStatus();
  const rotate = useRotateWebhookSecret();
  const name = merchant.name;
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));
  const suspend = merchant.status === 'active';

  const onStatus = async () => {
    const key = suspend ? 'suspend' : 'resume';
    const answer = await confirm({
      title: t(`merchants:${key}.title`),
      message: t(`merchants:${key}.message`, { name }),
      confirmText: t(`merchants:${key}.confirm`),
      cancelText: t('merchants:actions.cancel'),
    });
    if (answer !== true) return;
    setStatus.mutate(
      { id: merchant.id, suspend },
      { onSuccess: () => toast.success(t(`merchants:${key}.done`, { name })), onError },
    );
  };

  const onRotate = async () => {
    const answer = await confirm({
      title: t('merchants:rotate.title'),
      message: t('merchants:rotate.message', { name }),
      confirmText: t('merchants:rotate.confirm'),
      cancelText: t('merchants:actions.cancel'),
    });
    if (answer !== true) return;
    rotate.mutate(merchant.id, { onSuccess: (secret) => onSecret(merchant, secret), onError });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {canUpdate ? (
        <Button
          variant="secondary"
          aria-label={t('merchants:actions.editMerchant', { name })}
          onClick={() => onEdit(merchant)}
        >
          {t('merchants:actions.edit')}
        </Button>
      ) : null}
      {canOperate ? (
        <Button
          variant="secondary"
          aria-label={t(suspend ? 'merchants:actions.suspendMerchant' : 'merchants:actions.resumeMerchant', { name })}
          isLoading={setStatus.isPending}
          onClick={() => void onStatus()}
        >
          {t(suspend ? 'merchants:actions.suspend' : 'merchants:actions.resume')}
        </Button>
      ) : null}
      {canUpdate ? (
        <Button
          variant="secondary"
          aria-label={t('merchants:actions.rotateSecretOf', { name })}
          isLoading={rotate.isPending}
          onClick={() => void onRotate()}
        >
          {t('merchants:actions.rotateSecret')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
