import { PAYOUT_PROVIDERS } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { StepActorText } from '../../../components/ui/step-actor-text';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { WebhookEventItem } from '../../webhooks/components/webhook-event-item';
import { useWithdrawalDetail, withdrawalDetailQuery } from '../api/withdrawals';
import { NameCheck } from './name-check';
import { TestPayoutActions } from './test-payout-actions';
import { WithdrawalActions } from './withdrawal-actions';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

/** One withdrawal: where it goes, through which account, and every step with who took it and why. */
export function WithdrawalDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['withdrawals']);
  const query = useWithdrawalDetail(id);
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const w = query.data;

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="wide"
      title={w ? t('withdrawals:detail.title', { reference: w.referenceNumber }) : t('withdrawals:detail.loading')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('withdrawals:actions.close')}
        </Button>
      }
    >
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {!w ? (
        <Spinner label={t('withdrawals:detail.loading')} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-3">
            <WithdrawalStatusBadge status={w.status} />
            {w.livemode ? null : <Badge tone="amber">{t('withdrawals:detail.testMode')}</Badge>}
            <WithdrawalActions withdrawal={w} />
          </div>
          <TestPayoutActions withdrawal={w} />
          <DetailList
            rows={[
              {
                key: 'merchant',
                label: t('withdrawals:fields.merchant'),
                value: w.merchantName ?? t('withdrawals:fields.noMerchant'),
              },
              { key: 'kind', label: t('withdrawals:fields.kind'), value: t(`withdrawals:kinds.${w.kind}`) },
              { key: 'amount', label: t('withdrawals:fields.amount'), value: money(w.amount, w.currency) },
              { key: 'fee', label: t('withdrawals:fields.fee'), value: money(w.fee, w.currency) },
              {
                key: 'destination',
                label: t('withdrawals:fields.destination'),
                value: `${PAYOUT_PROVIDERS[w.destination.provider].name} ${w.destination.accountNumber}`,
              },
              {
                key: 'givenName',
                label: t('withdrawals:fields.holderNameGiven'),
                value: w.destination.holderName || '—',
              },
              {
                key: 'bankName',
                label: t('withdrawals:fields.holderNameAtBank'),
                value: w.destination.verifiedHolderName ?? '—',
              },
              { key: 'nameCheck', label: t('withdrawals:fields.nameCheck'), value: <NameCheck check={w.nameCheck} /> },
              {
                key: 'sender',
                label: t('withdrawals:fields.sendingAccount'),
                value: w.sendingAccount ? `${w.sendingAccount.name} (${w.sendingAccount.accountNumber})` : '—',
              },
              { key: 'reference', label: t('withdrawals:fields.transferReference'), value: w.transferReference ?? '—' },
              { key: 'failure', label: t('withdrawals:fields.failureReason'), value: w.failureReason ?? '—' },
              { key: 'note', label: t('withdrawals:fields.note'), value: w.note || '—' },
            ]}
          />
          <section aria-labelledby="withdrawal-timeline-heading" className="flex flex-col gap-2">
            <h3 id="withdrawal-timeline-heading" className="font-semibold text-gray-900 dark:text-white">
              {t('withdrawals:detail.timeline')}
            </h3>
            <ol className="flex flex-col gap-2 text-sm">
              {w.timeline.map((event) => (
                <li key={`${event.createdAt}-${event.toStatus}`} className="flex flex-wrap items-center gap-2">
                  <span className="text-gray-600 dark:text-gray-400">{formatDateTime(event.createdAt)}</span>
                  <WithdrawalStatusBadge status={event.toStatus} />
                  <span>{t(`withdrawals:reasons.${event.reason}`, { defaultValue: event.reason })}</span>
                  <StepActorText actor={event.actor} />
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="withdrawal-webhooks-heading" className="flex flex-col gap-2">
            <h3 id="withdrawal-webhooks-heading" className="font-semibold text-gray-900 dark:text-white">
              {t('withdrawals:detail.webhooks')}
            </h3>
            {w.webhooks.length === 0 ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('withdrawals:detail.noWebhooks')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {w.webhooks.map((event) => (
                  <WebhookEventItem key={event.id} event={event} onResent={withdrawalDetailQuery(id).queryKey} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
