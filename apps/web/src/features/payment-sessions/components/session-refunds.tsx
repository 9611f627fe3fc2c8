import { canUser, PAYOUT_PROVIDERS, type PaymentSessionDetail } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useSession } from '../../../lib/session';
import { WithdrawalStatusBadge } from '../../withdrawals/components/withdrawal-status-badge';
import { RefundSessionModal, refundableMinor } from './refund-session-modal';

/**
 * A session's refunds on its detail, in both consoles; the merchant's owner and finance users may
 * refund what is left of a paid session from here.
 */
export function SessionRefunds({ detail }: { detail: PaymentSessionDetail }) {
  const { t } = useTranslation(['paymentSessions', 'withdrawals']);
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const { user } = useSession();
  const [isRefunding, setIsRefunding] = useState(false);
  const copy = useCopyToClipboard();
  const { session, refunds } = detail;
  const mayRefund = canUser(user, 'refunds', 'create') && refundableMinor(session) > 0n;
  return (
    <section aria-labelledby="session-refunds-heading">
      <div className="mt-6 mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="session-refunds-heading" className="text-base font-semibold text-gray-900 dark:text-white">
          {t('paymentSessions:refunds.heading')}
        </h3>
        {mayRefund ? (
          <Button variant="secondary" onClick={() => setIsRefunding(true)}>
            {t('paymentSessions:refunds.refund')}
          </Button>
        ) : null}
      </div>
      {refunds.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('paymentSessions:refunds.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {refunds.map((refund) => (
            <li key={refund.id} className="rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{money(refund.amount, refund.currency)}</span>
                <WithdrawalStatusBadge status={refund.status} />
                <span className="font-mono text-xs">{refund.referenceNumber}</span>
                <span className="text-gray-700 dark:text-gray-300">· {formatDateTime(refund.createdAt)}</span>
              </div>
              <p className="mt-1 text-gray-700 dark:text-gray-300">
                {refund.status === 'awaiting_destination'
                  ? t('paymentSessions:refunds.toCustomer')
                  : t('paymentSessions:refunds.to', {
                      provider: PAYOUT_PROVIDERS[refund.destination.provider].name,
                      account: refund.destination.accountNumber,
                      name: refund.destination.verifiedHolderName ?? refund.destination.holderName,
                    })}
                {' · '}
                {t('paymentSessions:refunds.fee', { fee: money(refund.fee, refund.currency) })}
                {refund.note ? ` · ${refund.note}` : ''}
              </p>
              {refund.withdrawUrl && refund.status === 'awaiting_destination' ? (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="font-mono text-xs break-all">{refund.withdrawUrl}</span>
                  <Button variant="secondary" onClick={() => void copy(refund.withdrawUrl ?? '')}>
                    {t('paymentSessions:refunds.copyLink')}
                  </Button>
                </div>
              ) : null}
              {refund.failureReason ? (
                <p className="mt-1 text-red-800 dark:text-red-300">
                  {t(`withdrawals:inquiryFailures.${refund.failureReason}`, {
                    defaultValue: t('paymentSessions:refunds.failed', { reason: refund.failureReason }),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {isRefunding ? <RefundSessionModal session={session} onClose={() => setIsRefunding(false)} /> : null}
    </section>
  );
}
