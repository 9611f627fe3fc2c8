import type { WalletAccount } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useProxyOptions } from '../api/get-proxy-options';
import { useSetWalletProxy } from '../api/set-wallet-proxy';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';

const DIRECT = '';

/** The proxy the account's traffic goes out through; only proxies whose last check passed are offered. */
export function WalletProxySection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const { canEdit } = useWalletPermissions();
  const options = useProxyOptions(canEdit);
  const save = useSetWalletProxy();
  const [choice, setChoice] = useState<string>(account.proxy?.id ?? DIRECT);
  const current = account.proxy;
  const proxyOptions = [
    { value: DIRECT, label: t('wallets:proxy.direct') },
    ...(current && !(options.data ?? []).some((p) => p.id === current.id)
      ? [{ value: current.id, label: `${current.host}:${current.port}${current.label ? ` (${current.label})` : ''}` }]
      : []),
    ...(options.data ?? []).map((p) => ({
      value: p.id,
      label: `${p.host}:${p.port}${p.label ? ` (${p.label})` : ''}`,
    })),
  ];
  const onSave = () =>
    save.mutate(
      { id: account.id, proxyId: choice || null },
      {
        onSuccess: () => toast.success(t('wallets:proxy.saved')),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  return (
    <DetailSection id="wallet-proxy-heading" title={t('wallets:detail.selectProxy')}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {current ? (
          <>
            {`${current.type}://${current.host}:${current.port}`}
            {current.label ? ` (${current.label})` : ''}
            <Badge tone={current.checkStatus === 'failed' ? 'red' : current.checkStatus === 'ok' ? 'green' : 'gray'}>
              {t(`wallets:proxy.checkStatus.${current.checkStatus}`)}
            </Badge>
          </>
        ) : (
          t('wallets:proxy.noneSet')
        )}
      </p>
      <p className="text-xs text-gray-700 dark:text-gray-300">{t('wallets:proxy.hint')}</p>
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label={t('wallets:proxy.choose')}
            name="proxyId"
            options={proxyOptions}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          />
          <Button
            variant="primary"
            onClick={onSave}
            isLoading={save.isPending}
            disabled={choice === (current?.id ?? DIRECT)}
          >
            {t('wallets:proxy.save')}
          </Button>
        </div>
      ) : null}
    </DetailSection>
  );
}
