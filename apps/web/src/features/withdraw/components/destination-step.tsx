import {
  type GiveWithdrawDestinationBody,
  PAYOUT_PROVIDERS,
  type PayoutProvider,
  payoutProvidersOf,
  type WithdrawView,
} from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

/**
 * A refund whose payment named no account: the customer says where the money goes (a bank or
 * e-wallet of the currency and its number); a phone then verifies it, and they confirm as for any
 * withdrawal. The server's checks come back by field, told here in the customer's language.
 */
export default function DestinationStep({
  view,
  isBusy,
  onSubmit,
}: {
  view: WithdrawView;
  isBusy: boolean;
  onSubmit: (body: GiveWithdrawDestinationBody) => Promise<Record<string, string>>;
}) {
  const { t } = useTranslation(['withdraw']);
  const providers = payoutProvidersOf(view.currency);
  const [provider, setProvider] = useState<PayoutProvider>(view.destination.provider);
  const [accountNumber, setAccountNumber] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFields(await onSubmit({ provider, accountNumber }));
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm">{t('withdraw:destination.intro', { merchant: view.merchantName })}</p>
      <Select
        label={t('withdraw:destination.provider')}
        name="provider"
        required
        value={provider}
        onChange={(event) => setProvider(event.target.value as PayoutProvider)}
        options={providers.map((id) => ({ value: id, label: PAYOUT_PROVIDERS[id].name }))}
        error={fields['body.provider'] ? t('withdraw:destination.providerInvalid') : undefined}
      />
      <Input
        label={t('withdraw:destination.accountNumber')}
        name="accountNumber"
        required
        inputMode="numeric"
        autoComplete="off"
        value={accountNumber}
        onChange={(event) => setAccountNumber(event.target.value)}
        error={
          fields['body.accountNumber'] || (accountNumber === '' && Object.keys(fields).length > 0)
            ? t('withdraw:destination.accountInvalid', { provider: PAYOUT_PROVIDERS[provider].name })
            : undefined
        }
      />
      <Button type="submit" className="w-full" isLoading={isBusy}>
        {t('withdraw:destination.submit')}
      </Button>
    </form>
  );
}
