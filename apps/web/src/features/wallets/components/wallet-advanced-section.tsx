import type { WalletAccount } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { DetailSection } from '../../../components/ui/detail-section';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useChangeWalletStatus } from '../api/change-wallet-status';
import { useDeleteWallet } from '../api/delete-wallet';
import { useUpdateWallet } from '../api/update-wallet';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';
import { WalletCredentialsForm } from './wallet-credentials-form';
import { WalletLimitsForm } from './wallet-limits-form';
import { walletDashboardPath } from './wallet-path';

/** Limits, force-active, credentials, disable/enable and delete: what changes how the account is used. */
export function WalletAdvancedSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { canEdit, canOperate, canDelete } = useWalletPermissions();
  const update = useUpdateWallet();
  const changeStatus = useChangeWalletStatus();
  const remove = useDeleteWallet();
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));
  const name = account.label || account.accountNumber;
  const cause = account.autoDisabledCause;

  const toggleForceActive = async () => {
    const turningOn = !account.forceActive;
    const ok = await confirm({
      title: turningOn ? t('wallets:forceActive.onTitle') : t('wallets:forceActive.offTitle'),
      message: turningOn ? t('wallets:forceActive.onMessage') : t('wallets:forceActive.offMessage'),
    });
    if (ok) update.mutate({ id: account.id, forceActive: turningOn }, { onError });
  };
  const disable = async () => {
    const reason = await confirm({
      title: t('wallets:disable.title', { name }),
      message: t('wallets:disable.message'),
      inputLabel: t('wallets:disable.reason'),
      inputMaxLength: 200,
      confirmText: t('wallets:disable.confirm'),
    });
    if (reason === false) return;
    changeStatus.mutate(
      { id: account.id, action: 'disable', reason: typeof reason === 'string' ? reason : '' },
      { onError },
    );
  };
  const enable = () => changeStatus.mutate({ id: account.id, action: 'enable' }, { onError });
  const onDelete = async () => {
    const ok = await confirm({
      title: t('wallets:delete.title', { name }),
      message: t('wallets:delete.message'),
      confirmText: t('wallets:delete.confirm'),
    });
    if (!ok) return;
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success(t('wallets:delete.done', { name }));
        void navigate(walletDashboardPath(account.provider));
      },
      onError,
    });
  };

  return (
    <DetailSection id="wallet-advanced-heading" title={t('wallets:detail.advancedSettings')}>
      {cause ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t('wallets:autoDisabled.cause', {
            failures: cause.failures,
            what:
              cause.source === 'check'
                ? t(`wallets:checkTypes.${cause.type}`)
                : t('wallets:autoDisabled.loginStep', { step: cause.type }),
            reason: t(`wallets:reasons.${cause.reason}`),
            when: formatDateTime(cause.at),
          })}
        </p>
      ) : null}
      {canEdit ? <WalletLimitsForm key={account.updatedAt} account={account} /> : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">{t('wallets:forceActive.heading')}</h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {account.forceActive ? t('wallets:forceActive.isOn') : t('wallets:forceActive.isOff')}
        </p>
        {canEdit ? (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => void toggleForceActive()}
            isLoading={update.isPending}
          >
            {account.forceActive ? t('wallets:forceActive.turnOff') : t('wallets:forceActive.turnOn')}
          </Button>
        ) : null}
      </div>
      {canEdit ? <WalletCredentialsForm account={account} /> : null}
      {canOperate || canDelete ? (
        <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
          {canOperate && account.status === 'active' ? (
            <Button variant="danger" onClick={() => void disable()} isLoading={changeStatus.isPending}>
              {t('wallets:disable.action')}
            </Button>
          ) : null}
          {canOperate && account.status !== 'active' ? (
            <Button variant="primary" onClick={enable} isLoading={changeStatus.isPending}>
              {t('wallets:enable.action')}
            </Button>
          ) : null}
          {canDelete && !account.hasMovedMoney ? (
            <Button variant="danger" onClick={() => void onDelete()} isLoading={remove.isPending}>
              {t('wallets:delete.action')}
            </Button>
          ) : null}
          {canDelete && account.hasMovedMoney ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:delete.hasMovedMoney')}</p>
          ) : null}
        </div>
      ) : null}
    </DetailSection>
  );
}
