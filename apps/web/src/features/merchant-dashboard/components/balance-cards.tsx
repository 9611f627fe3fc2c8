import { useTranslation } from 'react-i18next';
import { FigureCard, PENDING_FIGURE } from '../../../components/ui/figure-card';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useSession } from '../../../lib/session';
import { useMerchantStats } from '../api/get-merchant-stats';

/**
 * The merchant's balances, from the signed-in user (spec §4: merchant:trigger-available-balance
 * reloads the current user, so the cards follow every payment without a reload). Right after
 * sign-in the user carries no balance until the current-user check answers: the cards hold their
 * place with "…" meanwhile, so the page draws whole in its first frame and nothing moves after.
 */
export function BalanceCards() {
  const { t } = useTranslation(['merchantDashboard']);
  const money = useFormatMoney();
  const balance = useSession().user?.merchantBalance;
  const open = useMerchantStats().data?.openWithdrawals;
  const cards = [
    {
      key: 'available',
      value: balance ? money(balance.available, balance.currency) : PENDING_FIGURE,
      hint: t('merchantDashboard:availableHint'),
    },
    {
      key: 'pending',
      value: balance ? money(balance.pending, balance.currency) : PENDING_FIGURE,
      hint: t('merchantDashboard:pendingHint'),
    },
    {
      key: 'openWithdrawals',
      value: open === undefined ? PENDING_FIGURE : String(open),
      hint: t('merchantDashboard:openWithdrawalsHint'),
    },
  ] as const;
  return (
    <section aria-labelledby="balance-heading" aria-busy={!balance} className="flex flex-col gap-3">
      <h2 id="balance-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('merchantDashboard:heading')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <FigureCard
            key={card.key}
            title={t(`merchantDashboard:${card.key}`)}
            value={card.value}
            hint={card.hint}
            testId={`balance-${card.key}`}
          />
        ))}
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">{t('merchantDashboard:live')}</p>
    </section>
  );
}
