import { PAYMENT_LINK_PARAMS } from '@gerbang/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { leavePageFor } from '../../../lib/leave-page';
import { PublicApiError } from '../../../lib/public-api';
import { openPaymentLink } from '../api/open-payment-link';

type Problem = { merchantCode?: string; amount?: string; form?: string };

/** Which message each refusal shows (docs/payments.md lists them). */
function problemOf(error: unknown): Problem {
  if (!(error instanceof PublicApiError)) return { form: 'paymentLinks:errors.unexpected' };
  if (error.code === 'RATE_LIMITED') return { form: 'paymentLinks:errors.rateLimited' };
  const problem: Problem = {};
  if (error.fields['body.merchantCode']) problem.merchantCode = 'paymentLinks:errors.merchantCode';
  if (error.fields['body.amount']) problem.amount = 'paymentLinks:errors.amount';
  return Object.keys(problem).length > 0 ? problem : { form: 'paymentLinks:errors.unexpected' };
}

/**
 * Spec §2 "Request Transaction": the merchant's code and the amount (a link may carry both) →
 * a payment session → its deposit page. Nothing is opened until the customer presses the button,
 * so a link preview or a crawler never opens payments.
 */
export function RequestTransactionForm() {
  const { t } = useTranslation(['paymentLinks']);
  const params = new URLSearchParams(window.location.search);
  const [merchantCode, setMerchantCode] = useState(params.get(PAYMENT_LINK_PARAMS.merchantCode) ?? '');
  const [amount, setAmount] = useState(params.get(PAYMENT_LINK_PARAMS.amount) ?? '');
  const [problem, setProblem] = useState<Problem>({});
  const [isOpening, setIsOpening] = useState(false);
  // One idempotency key per request body: a retry of the same payment replays, never opens twice.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { merchantCode: merchantCode.trim(), amount: amount.trim() };
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) attempt.current = { body: signature, key: crypto.randomUUID() };
    setProblem({});
    setIsOpening(true);
    try {
      const opened = await openPaymentLink(body, attempt.current.key);
      leavePageFor(opened.paymentUrl);
    } catch (error) {
      setProblem(problemOf(error));
      setIsOpening(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('paymentLinks:intro')}</p>
      <Input
        label={t('paymentLinks:merchantCode')}
        name="merchantCode"
        autoComplete="off"
        autoCapitalize="characters"
        required
        value={merchantCode}
        onChange={(event) => setMerchantCode(event.target.value)}
        error={problem.merchantCode ? t(problem.merchantCode) : undefined}
      />
      <Input
        label={t('paymentLinks:amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={problem.amount ? t(problem.amount) : undefined}
      />
      {problem.form ? <FormError>{t(problem.form)}</FormError> : null}
      <Button type="submit" isLoading={isOpening}>
        {t('paymentLinks:continue')}
      </Button>
    </form>
  );
}
