import { formatAmount, type OperatorPaymentSession, parseAmount } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { HeldAmountField } from '../../withdrawals/components/held-amount-field';
import { useRefundPaymentSession } from '../api/refund-payment-session';

const FIELDS = ['amount', 'reason'] as const;

/** What of a paid session is left to refund, in minor units. */
export function refundableMinor(session: OperatorPaymentSession): bigint {
  if (session.status !== 'success' || session.receivedAmount === null) return 0n;
  const received = parseAmount(session.receivedAmount, session.currency);
  const refunded = parseAmount(session.refundedAmount, session.currency);
  return received.ok && refunded.ok ? received.minor - refunded.minor : 0n;
}

/**
 * The merchant refunds a paid session, all that is left or part of it, to the account that paid;
 * the amount and the withdrawal fee are held from its available balance at once.
 */
export function RefundSessionModal({ session, onClose }: { session: OperatorPaymentSession; onClose: () => void }) {
  const { t } = useTranslation(['paymentSessions', 'withdrawals', 'team']);
  const money = useFormatMoney();
  const left = formatAmount(refundableMinor(session), session.currency);
  const [amount, setAmount] = useState(left);
  const [reason, setReason] = useState('');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundPaymentSession(session.id);
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(refund.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const whole = amount.trim() === left;
    refund.mutate(
      { body: { ...(whole ? {} : { amount: amount.trim() }), reason: reason.trim() }, idempotencyKey },
      {
        onSuccess: (answer) => {
          const { refund } = answer;
          toast.success(
            refund
              ? t('paymentSessions:refunds.done', { amount: money(refund.amount, refund.currency) })
              : t('team:approvals.sent'),
          );
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('paymentSessions:refunds.title', { reference: session.referenceNumber })}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={refund.isPending}
      submitLabel={t('paymentSessions:refunds.submit')}
      cancelLabel={t('withdrawals:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('paymentSessions:refunds.left', { amount: money(left, session.currency) })}
      </p>
      <HeldAmountField
        label={t('paymentSessions:refunds.amount')}
        amount={amount}
        onChange={setAmount}
        error={fieldErrors.amount}
      />
      <Input
        label={t('paymentSessions:refunds.reason')}
        name="reason"
        autoComplete="off"
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={fieldErrors.reason}
      />
    </FormModal>
  );
}
