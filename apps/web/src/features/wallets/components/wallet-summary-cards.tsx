import type { WalletProvider, WalletSummary } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWalletSummary } from '../api/get-wallet-summary';

const COUNTS: { key: 'ready' | 'loggedIn' | 'failing' | 'disabled'; accent: string }[] = [
  { key: 'ready', accent: 'border-l-green-600' },
  { key: 'loggedIn', accent: 'border-l-blue-600' },
  { key: 'failing', accent: 'border-l-red-600' },
  { key: 'disabled', accent: 'border-l-gray-600' },
];

/** The provider's accounts at a glance; each count says "of N" so it reads without colour. */
export function WalletSummaryCards({ provider }: { provider: WalletProvider }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatMoney = useFormatMoney();
  const summary = useWalletSummary(provider);
  if (summary.isError) return <FormError>{apiErrorMessage(summary.error)}</FormError>;
  const data: WalletSummary | undefined = summary.data;
  return (
    <section aria-labelledby="wallet-summary-heading">
      <h2 id="wallet-summary-heading" className="sr-only">
        {t('wallets:summary.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-busy={summary.isPending}>
        {COUNTS.map(({ key, accent }) => (
          <div
            key={key}
            className={`rounded-lg border border-l-4 border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900 ${accent}`}
          >
            <dt className="text-sm text-gray-700 dark:text-gray-300">{t(`wallets:summary.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold">
              {data ? data[key] : '–'}
              {data ? (
                <span className="ml-1 text-sm font-normal text-gray-700 dark:text-gray-300">
                  {t('wallets:summary.ofTotal', { total: data.total })}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
        <div className="col-span-2 rounded-lg border border-l-4 border-gray-200 border-l-amber-500 bg-white p-4 lg:col-span-1 dark:border-gray-700 dark:bg-gray-900">
          <dt className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:summary.totalBalance')}</dt>
          <dd className="mt-1 text-xl font-semibold break-all">
            {data ? formatMoney(data.totalBalance, data.currency) : '–'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
