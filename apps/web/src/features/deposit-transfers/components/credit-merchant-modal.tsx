import type { DepositTransfer } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useMerchantOptions } from '../../payment-sessions/api/get-filter-options';
import { useCreditDepositTransfer } from '../api/deposit-transfers';

const FIELDS = ['merchantId', 'reference', 'note'] as const;

/**
 * "Credit merchant" on a queued transfer: a manual deposit to a merchant of its currency, with the
 * operator's reference (the merchant sees it, and gets a webhook) and why.
 */
export function CreditMerchantModal({ transfer, onClose }: { transfer: DepositTransfer; onClose: () => void }) {
  const { t } = useTranslation(['depositTransfers']);
  const money = useFormatMoney();
  const merchants = useMerchantOptions(true, transfer.currency);
  const mutation = useCreditDepositTransfer();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS, { conflictField: 'reference' })(mutation.error);
  const [merchantId, setMerchantId] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(
      { id: transfer.id, merchantId, reference: reference.trim(), note: note.trim() },
      {
        onSuccess: (outcome) => {
          toast.success(t(outcome === 'resolved' ? 'depositTransfers:credit.done' : 'depositTransfers:proposal.sent'));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('depositTransfers:credit.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={mutation.isPending}
      submitLabel={t('depositTransfers:credit.submit')}
      cancelLabel={t('depositTransfers:actions.cancel')}
    >
      <p className="text-sm sm:col-span-2">
        {t('depositTransfers:credit.intro', {
          amount: money(transfer.amount, transfer.currency),
          from: transfer.counterpartyName || '—',
        })}
      </p>
      {formError ? <FormError>{formError}</FormError> : null}
      <Select
        label={t('depositTransfers:credit.merchant')}
        name="merchantId"
        required
        value={merchantId}
        onChange={(event) => setMerchantId(event.target.value)}
        options={[
          { value: '', label: t('depositTransfers:credit.chooseMerchant') },
          ...(merchants.data ?? []).map(({ value, label }) => ({ value, label })),
        ]}
        error={fieldErrors.merchantId}
      />
      <Input
        label={t('depositTransfers:credit.reference')}
        name="reference"
        required
        maxLength={64}
        autoComplete="off"
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        error={fieldErrors.reference}
      />
      <Input
        className="sm:col-span-2"
        label={t('depositTransfers:reason')}
        name="note"
        required
        maxLength={500}
        autoComplete="off"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={fieldErrors.note}
      />
    </FormModal>
  );
}
