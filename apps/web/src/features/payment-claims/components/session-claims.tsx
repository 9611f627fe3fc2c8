import type { PaymentSessionDetail } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { ClaimProof, ClaimStatusBadge } from './claim-facts';

/** On a session's detail (both consoles): what its customer claimed they paid, with the proof and the outcome. */
export function SessionClaims({ detail }: { detail: PaymentSessionDetail }) {
  const { t } = useTranslation(['claims']);
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  if (detail.claims.length === 0) return null;
  return (
    <section aria-labelledby="session-claims-heading" className="mt-6">
      <h3 id="session-claims-heading" className="mb-2 text-base font-semibold text-gray-900 dark:text-white">
        {t('claims:session.heading')}
      </h3>
      <ul className="flex flex-col gap-3">
        {detail.claims.map((claim) => (
          <li
            key={claim.id}
            className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700"
          >
            <div className="flex flex-wrap items-center gap-2">
              <ClaimStatusBadge status={claim.status} />
              <span>
                {t('claims:session.summary', {
                  name: claim.senderName,
                  amount: money(claim.amount, claim.currency),
                  sentAt: formatDateTime(claim.sentAt),
                })}
              </span>
            </div>
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t('claims:session.filed', { at: formatDateTime(claim.createdAt) })}
            </span>
            {claim.message ? <p>{t('claims:session.message', { message: claim.message })}</p> : null}
            <div className="self-start">
              <ClaimProof claim={claim} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
