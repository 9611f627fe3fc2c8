import type { WalletAccount } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** Ready, or every reason it is not, as the server decided them; force-active says when it is what lets it through. */
export function WalletReadiness({ account, isCompact = false }: { account: WalletAccount; isCompact?: boolean }) {
  const { t } = useTranslation(['wallets']);
  const { readiness } = account;
  const reasons = readiness.reasons.map((reason) => t(`wallets:readinessReasons.${reason}`));
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        <Badge tone={readiness.isReady ? 'green' : 'red'}>
          {readiness.isReady ? t('wallets:readiness.ready') : t('wallets:readiness.notReady')}
        </Badge>
        {readiness.isForceActiveInEffect ? <Badge tone="purple">{t('wallets:readiness.forceActive')}</Badge> : null}
      </div>
      {reasons.length > 0 ? (
        isCompact ? (
          <span className="max-w-56 truncate text-xs text-gray-700 dark:text-gray-300" title={reasons.join(', ')}>
            {reasons.join(', ')}
          </span>
        ) : (
          <ul className="list-inside list-disc text-sm text-gray-700 dark:text-gray-300">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
