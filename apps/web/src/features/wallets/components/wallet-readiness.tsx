import type { WalletAccount } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** Ready, or every reason it is not, as the server decided them; force-active says when it is what lets it through. */
export function WalletReadiness({ account, isCompact = false }: { account: WalletAccount; isCompact?: boolean }) {
  const { t } = useTranslation(['wallets']);
  const { readiness } = account;
  const reasons = readiness.reasons.map((reason) => t(`wallets:readinessReasons.${reason}`));
  const badges = (
    <>
      <Badge tone={readiness.isReady ? 'green' : 'red'}>
        {readiness.isReady ? t('wallets:readiness.ready') : t('wallets:readiness.notReady')}
      </Badge>
      {readiness.isForceActiveInEffect ? <Badge tone="purple">{t('wallets:readiness.forceActive')}</Badge> : null}
    </>
  );
  if (isCompact) {
    // One line: the badges, then the reasons cut to the cell (all of them in the tooltip).
    return (
      <span className="flex items-center gap-1" title={reasons.join(', ') || undefined}>
        {badges}
        {reasons.length > 0 ? (
          <span className="max-w-40 truncate text-xs text-gray-700 dark:text-gray-300">{reasons.join(', ')}</span>
        ) : null}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">{badges}</div>
      {reasons.length > 0 ? (
        <ul className="list-inside list-disc text-sm text-gray-700 dark:text-gray-300">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
