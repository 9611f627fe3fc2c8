import type { DepositView } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { SummaryList } from '../../../components/ui/summary-list';
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
    <SummaryList
      rows={rows}
      footer={
        <>
          <dt className="border-t border-gray-200 pt-2 font-semibold dark:border-gray-700">
            {t('deposit:labels.finalPayment')}
          </dt>
          <dd className="border-t border-gray-200 pt-2 text-right text-lg font-bold dark:border-gray-700">
            {money(view.finalAmount, view.currency)}
          </dd>
        </>
      }
    />
  );
}
