import type { ApiToken, ApiTokenWithSecret } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Modal } from '../../../components/ui/modal';
import { SecretReveal } from '../../../components/ui/secret-reveal';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { ApiTokenPolicySwitch } from './api-token-policy-switch';
import { CreateApiTokenModal } from './create-api-token-modal';

const STATUS_TONE: Record<ApiToken['status'], BadgeTone> = { active: 'green', expired: 'gray', revoked: 'red' };

/** The merchant console's API Tokens page: create (secret shown once), see when each was used, revoke. */
export function ApiTokenList() {
  const { t } = useTranslation(['apiTokens']);
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const query = useApiTokens();
  const revoke = useRevokeApiToken();
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenWithSecret | null>(null);
  const tokens = query.data?.pages.flatMap((page) => page.items) ?? [];

  const onRevoke = async (token: ApiToken) => {
    const answer = await confirm({
      title: t('apiTokens:revoke.title'),
      message: t('apiTokens:revoke.message', { name: token.name }),
      confirmText: t('apiTokens:revoke.confirm'),
      cancelText: t('apiTokens:actions.cancel'),
    });
    if (answer !== true) return;
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(t('apiTokens:revoke.done', { name: token.name })),
      onError: (error) => toast.error(apiErrorMessage(error)),
    });
  };

  const columns: TableColumn<ApiToken>[] = [
    {
      key: 'name',
      header: t('apiTokens:fields.name'),
      cell: (token) => (
        <div className="flex flex-col">
          <span className="font-medium">{token.name}</span>
          <span className="font-mono text-xs text-gray-600 dark:text-gray-400">{`${token.prefix}…`}</span>
        </div>
      ),
    },
    { key: 'scopes', header: t('apiTokens:fields.scopes'), cell: (token) => token.scopes.join(', ') },
    {
      key: 'networks',
      header: t('apiTokens:fields.allowedNetworks'),
      cell: (token) =>
        token.allowedNetworks.length > 0 ? (
          <span className="font-mono text-xs">{token.allowedNetworks.join(', ')}</span>
        ) : (
          t('apiTokens:anywhere')
        ),
    },
    {
      key: 'status',
      header: t('apiTokens:fields.status'),
      cell: (token) => <Badge tone={STATUS_TONE[token.status]}>{t(`apiTokens:statuses.${token.status}`)}</Badge>,
    },
    {
      key: 'expires',
      header: t('apiTokens:fields.expiresAt'),
      cell: (token) => (token.expiresAt ? formatDateTime(token.expiresAt) : t('apiTokens:expiry.never')),
    },
    {
      key: 'lastUsed',
      header: t('apiTokens:fields.lastUsedAt'),
      cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens:neverUsed')),
    },
    {
      key: 'actions',
      header: t('apiTokens:fields.actions'),
      cell: (token) =>
        token.status === 'active' ? (
          <Button
            variant="secondary"
            aria-label={t('apiTokens:actions.revokeToken', { name: token.name })}
            onClick={() => void onRevoke(token)}
          >
            {t('apiTokens:actions.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="api-tokens-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="api-tokens-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('apiTokens:list.heading')}
        </h2>
        <Button onClick={() => setCreating(true)}>{t('apiTokens:actions.create')}</Button>
      </div>
      <ApiTokenPolicySwitch />
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={tokens}
          getRowKey={(token) => token.id}
          isLoading={query.isPending}
          emptyMessage={t('apiTokens:list.empty')}
          caption={t('apiTokens:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {isCreating ? (
        <CreateApiTokenModal
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      ) : null}
      {created ? (
        <Modal
          isOpen
          onClose={() => setCreated(null)}
          title={t('apiTokens:secret.title', { name: created.name })}
          footer={
            <Button variant="secondary" onClick={() => setCreated(null)}>
              {t('apiTokens:actions.done')}
            </Button>
          }
        >
          <SecretReveal
            value={created.secret}
            label={t('apiTokens:secret.label')}
            warning={t('apiTokens:secret.warning')}
            copyLabel={t('apiTokens:secret.copy')}
          />
        </Modal>
      ) : null}
    </section>
  );
}
