import { MERCHANT_STATUSES, type Merchant, type MerchantStatus } from '@gerbang/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Modal } from '../../../components/ui/modal';
import { SecretReveal } from '../../../components/ui/secret-reveal';
import { Select } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useMerchants } from '../api/get-merchants';
import { useMerchantPermissions } from '../hooks/use-merchant-permissions';
import { MerchantFormModal } from './merchant-form-modal';
import { MerchantsTable } from './merchants-table';

const SEARCH_DEBOUNCE_MS = 300;

type OpenModal = { kind: 'add' } | { kind: 'edit'; merchant: Merchant } | null;
type ShownSecret = { name: string; secret: string; isNew: boolean } | null;

/** Merchant Management: search, status filter, add and edit, suspend, webhook secrets. */
type MerchantListProps = { extraActions?: (merchant: Merchant) => ReactNode };

export function MerchantList({ extraActions }: MerchantListProps = {}) {
  const { t } = useTranslation(['merchants']);
  const apiErrorMessage = useApiErrorMessage();
  const { canCreate } = useMerchantPermissions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MerchantStatus | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const [shown, setShown] = useState<ShownSecret>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useMerchants({ q: q || undefined, status: status ?? undefined });
  const merchants = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  return (
    <section aria-labelledby="merchant-list-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="merchant-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('merchants:list.heading')}
        </h2>
        {canCreate ? (
          <Button variant="primary" onClick={() => setModal({ kind: 'add' })}>
            {t('merchants:actions.add')}
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Input
          label={t('merchants:filters.search')}
          name="q"
          type="search"
          placeholder={t('merchants:filters.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          label={t('merchants:fields.status')}
          name="status"
          options={[
            { value: '', label: t('merchants:filters.any') },
            ...MERCHANT_STATUSES.map((value) => ({ value, label: t(`merchants:statuses.${value}`) })),
          ]}
          value={status ?? ''}
          onChange={(event) => setStatus(MERCHANT_STATUSES.find((value) => value === event.target.value) ?? null)}
        />
      </div>
      {query.isError ? (
        <div className="flex flex-col items-start gap-2">
          <FormError>
            {t('merchants:list.loadFailed')} {apiErrorMessage(query.error)}
          </FormError>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('merchants:list.retry')}
          </Button>
        </div>
      ) : (
        <MerchantsTable
          merchants={merchants}
          isLoading={query.isPending}
          onEdit={(merchant) => setModal({ kind: 'edit', merchant })}
          onSecret={(merchant, secret) => setShown({ name: merchant.name, secret, isNew: false })}
          extraActions={extraActions}
        />
      )}
      <LoadMoreButton query={query} />
      {modal ? (
        <MerchantFormModal
          merchant={modal.kind === 'edit' ? modal.merchant : undefined}
          onClose={() => setModal(null)}
          onCreated={(created) => {
            setModal(null);
            setShown({ name: created.name, secret: created.webhookSecret, isNew: true });
          }}
        />
      ) : null}
      {shown ? (
        <Modal
          isOpen
          onClose={() => setShown(null)}
          title={t(shown.isNew ? 'merchants:secret.createdTitle' : 'merchants:secret.rotatedTitle', {
            name: shown.name,
          })}
          footer={
            <Button variant="secondary" onClick={() => setShown(null)}>
              {t('merchants:actions.done')}
            </Button>
          }
        >
          <SecretReveal
            value={shown.secret}
            label={t('merchants:secret.label')}
            warning={t('merchants:secret.warning', { name: shown.name })}
            copyLabel={t('merchants:secret.copy')}
          />
        </Modal>
      ) : null}
    </section>
  );
}
