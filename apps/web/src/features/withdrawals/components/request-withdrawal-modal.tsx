import { PAYOUT_PROVIDERS } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useSession } from '../../../lib/session';
import { usePayoutMethods } from '../../payout-methods/api/payout-methods';
import { useRequestWithdrawal } from '../api/withdrawals';
import { HeldAmountField } from './held-amount-field';

const FIELDS = ['payoutMethodId', 'amount', 'note'] as const;

/** The merchant takes money out: an amount up to its available balance, to a verified payout method. */
export function RequestWithdrawalModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['withdrawals', 'team']);
  const { user } = useSession();
  const money = useFormatMoney();
  const methods = (usePayoutMethods().data ?? []).filter((method) => method.status === 'verified');
  const request = useRequestWithdrawal();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(request.error);
  // One request per form: a double submit, or a retry after a lost answer, is the same settlement.
  const [requestId] = useState(() => crypto.randomUUID());
  const [payoutMethodId, setPayoutMethodId] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const balance = user?.merchantBalance;
  const chosen = payoutMethodId || methods[0]?.id || '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!amount.trim()) return setMissing(t('withdrawals:validation.required'));
    setMissing(undefined);
    request.mutate(
      { payoutMethodId: chosen, amount: amount.trim(), note: note.trim(), requestId },
      {
        onSuccess: (answer) => {
          if ('waitsForOwner' in answer) toast.success(t('team:approvals.sent'));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('withdrawals:request.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={request.isPending}
      submitLabel={t('withdrawals:request.submit')}
      cancelLabel={t('withdrawals:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      {balance ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('withdrawals:request.available', { amount: money(balance.available, balance.currency) })}
        </p>
      ) : null}
      {methods.length === 0 ? (
        <FormError>{t('withdrawals:request.noVerifiedMethod')}</FormError>
      ) : (
        <Select
          label={t('withdrawals:fields.payoutMethod')}
          name="payoutMethodId"
          required
          value={chosen}
          onChange={(event) => setPayoutMethodId(event.target.value)}
          options={methods.map((method) => ({
            value: method.id,
            label: `${PAYOUT_PROVIDERS[method.provider].name} ${method.accountNumber} — ${method.verifiedHolderName ?? method.holderName}`,
          }))}
          error={fieldErrors.payoutMethodId}
        />
      )}
      <HeldAmountField
        label={t('withdrawals:fields.amount')}
        amount={amount}
        onChange={setAmount}
        error={missing ?? fieldErrors.amount}
      />
      <Input
        label={t('withdrawals:fields.note')}
        name="note"
        autoComplete="off"
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={fieldErrors.note}
      />
    </FormModal>
  );
}
