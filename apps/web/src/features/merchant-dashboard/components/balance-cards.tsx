import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useSession } from '../../../lib/session';

/**
 * The merchant's balances, from the signed-in user (spec §4: merchant:trigger-available-balance
 * reloads the current user, so the cards follow every payment without a reload).
 */
export function BalanceCards() {
  const { t } = useTranslation(['merchantDashboard']);
  const money = useFormatMoney();
  const balance = useSession().user?.merchantBalance;
  if (!balance) return null;
  const cards = [
    { key: 'available', amount: balance.available, hint: t('merchantDashboard:availableHint') },
    { key: 'pending', amount: balance.pending, hint: t('merchantDashboard:pendingHint') },
  ] as const;
  return (
    <section aria-labelledby="balance-heading" className="flex flex-col gap-3">
      <h2 id="balance-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('merchantDashboard:heading')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <div
            key={card.key}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
          >
            <h3 className="text-sm text-gray-600 dark:text-gray-400">{t(`merchantDashboard:${card.key}`)}</h3>
            <p className="mt-1 text-2xl font-bold" data-testid={`balance-${card.key}`}>
              {money(card.amount, balance.currency)}
            </p>
            <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{card.hint}</p>
          </div>
        ))}
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">{t('merchantDashboard:live')}</p>
    </section>
  );
}
