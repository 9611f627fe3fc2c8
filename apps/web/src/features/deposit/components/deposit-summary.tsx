import type { DepositView } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../hooks/use-format-money';

/** The spec's customer labels: reference, payment amount, discount, extra fee, final payment. */
export function DepositSummary({ view }: { view: DepositView }) {
  const { t } = useTranslation(['deposit']);
  const money = useFormatMoney();
  const rows: [string, string][] = [
    [t('deposit:labels.referenceNumber'), view.referenceNumber],
    [t('deposit:labels.paymentAmount'), money(view.amount, view.currency)],
  ];
  if (Number(view.discountAmount) > 0) {
    rows.push([t('deposit:labels.discountAmount'), `− ${money(view.discountAmount, view.currency)}`]);
  }
  if (Number(view.extraFee) > 0) rows.push([t('deposit:labels.extraFee'), money(view.extraFee, view.currency)]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
          <dd className="text-right font-medium break-all">{value}</dd>
        </div>
      ))}
      <dt className="border-t border-gray-200 pt-2 font-semibold dark:border-gray-700">
        {t('deposit:labels.finalPayment')}
      </dt>
      <dd className="border-t border-gray-200 pt-2 text-right text-lg font-bold dark:border-gray-700">
        {money(view.finalAmount, view.currency)}
      </dd>
    </dl>
  );
}
