import type { ProxyEntry } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useCheckProxy } from '../api/check-proxy';
import { useDeleteProxy } from '../api/delete-proxy';
import { useProxyPermissions } from '../hooks/use-proxy-permissions';
import { hostPort } from './host-port';

/**
 * Check, edit and delete for one row. Each button's name includes the proxy's address, so a
 * screen reader going through the table hears which proxy it acts on.
 */
export function ProxyActions({ proxy, onEdit }: { proxy: ProxyEntry; onEdit: (proxy: ProxyEntry) => void }) {
  const { t } = useTranslation(['proxies']);
  const { canCheck, canUpdate, canDelete } = useProxyPermissions();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const check = useCheckProxy();
  const remove = useDeleteProxy();
  const address = hostPort(proxy.host, proxy.port);
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));

  const onCheck = () =>
    check.mutate(proxy.id, {
      onSuccess: (checked) =>
        checked.checkStatus === 'ok'
          ? toast.success(t('proxies:check.ok', { address }))
          : toast.error(t('proxies:check.failed', { address, error: checked.lastError ?? '' })),
      onError,
    });

  const onDelete = async () => {
    const answer = await confirm({
      title: t('proxies:delete.title'),
      message: t('proxies:delete.message', { address }),
      confirmText: t('proxies:delete.confirm'),
      cancelText: t('proxies:actions.cancel'),
    });
    if (answer !== true) return;
    remove.mutate(proxy.id, { onSuccess: () => toast.success(t('proxies:delete.success', { address })), onError });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {canCheck ? (
        <Button
          variant="secondary"
          aria-label={t('proxies:actions.checkProxy', { address })}
          isLoading={check.isPending}
          onClick={onCheck}
        >
          {t('proxies:actions.check')}
        </Button>
      ) : null}
      {canUpdate ? (
        <Button
          variant="secondary"
          aria-label={t('proxies:actions.editProxy', { address })}
          onClick={() => onEdit(proxy)}
        >
          {t('proxies:actions.edit')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          variant="danger"
          aria-label={t('proxies:actions.deleteProxy', { address })}
          isLoading={remove.isPending}
          onClick={() => void onDelete()}
        >
          {t('proxies:actions.delete')}
        </Button>
      ) : null}
    </div>
  );
}
