import { type Currency, PAYOUT_PROVIDERS, type PayoutProvider, payoutProvidersOf } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useCreatePayoutMethod } from '../api/payout-methods';

const FIELDS = ['provider', 'accountNumber', 'holderName', 'label'] as const;

/** A new destination of the merchant's currency; a phone verifies it once it is added. */
export function AddPayoutMethodModal({ currency, onClose }: { currency: Currency; onClose: () => void }) {
  const { t } = useTranslation(['withdrawals']);
  const create = useCreatePayoutMethod();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(create.error);
  const providers = payoutProvidersOf(currency);
  const [provider, setProvider] = useState<PayoutProvider>(providers[0] as PayoutProvider);
  const [accountNumber, setAccountNumber] = useState('');
  const [holderName, setHolderName] = useState('');
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const required = t('withdrawals:validation.required');
    const problems = {
      ...(accountNumber.trim() ? {} : { accountNumber: required }),
      ...(holderName.trim() ? {} : { holderName: required }),
    };
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { provider, accountNumber: accountNumber.trim(), holderName: holderName.trim(), label: label.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <FormModal
      title={t('withdrawals:payoutMethods.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={create.isPending}
      submitLabel={t('withdrawals:payoutMethods.add')}
      cancelLabel={t('withdrawals:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <p className="text-sm text-gray-600 dark:text-gray-300">{t('withdrawals:payoutMethods.verifyNote')}</p>
      <Select
        label={t('withdrawals:fields.provider')}
        name="provider"
        required
        value={provider}
        onChange={(event) => setProvider(event.target.value as PayoutProvider)}
        options={providers.map((id) => ({
          value: id,
          label: `${PAYOUT_PROVIDERS[id].name} (${t(`withdrawals:providerTypes.${PAYOUT_PROVIDERS[id].type}`)})`,
        }))}
        error={fieldErrors.provider}
      />
      <Input
        label={t('withdrawals:fields.accountNumber')}
        name="accountNumber"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        value={accountNumber}
        onChange={(event) => setAccountNumber(event.target.value)}
        error={missing.accountNumber ?? fieldErrors.accountNumber}
      />
      <Input
        label={t('withdrawals:fields.holderName')}
        name="holderName"
        required
        autoComplete="off"
        maxLength={100}
        value={holderName}
        onChange={(event) => setHolderName(event.target.value)}
        error={missing.holderName ?? fieldErrors.holderName}
      />
      <Input
        label={t('withdrawals:fields.label')}
        name="label"
        autoComplete="off"
        maxLength={50}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={fieldErrors.label}
      />
    </FormModal>
  );
}
