import type { PaymentSessionDetail as Detail, LedgerJournalView } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { StepActorText } from '../../../components/ui/step-actor-text';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { SessionCandidateTransfers } from '../../deposit-transfers/components/session-candidate-transfers';
import { SessionClaims } from '../../payment-claims/components/session-claims';
import { WebhookEventItem } from '../../webhooks/components/webhook-event-item';
import { paymentSessionDetailQueryOptions, usePaymentSessionDetail } from '../api/get-payment-session-detail';
import { PaymentSessionStatusBadge } from './payment-session-status-badge';
import { SessionRefunds } from './session-refunds';

function SectionHeading({ children }: { children: string }) {
  return <h3 className="mt-6 mb-2 text-base font-semibold text-gray-900 first:mt-0 dark:text-white">{children}</h3>;
}

function Timeline({ detail }: { detail: Detail }) {
  const { t } = useTranslation(['paymentSessions']);
  const formatDateTime = useFormatDateTime();
  const statusName = (status: string | null) => (status ? t(`paymentSessions:statuses.${status}`) : '—');
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-gray-200 pl-4 dark:border-gray-700">
      {detail.timeline.map((step) => (
        <li key={`${step.at}-${step.toStatus}`} className="text-sm">
          <span className="font-medium">
            {t('paymentSessions:detail.step', { from: statusName(step.fromStatus), to: statusName(step.toStatus) })}
          </span>{' '}
          <span className="text-gray-700 dark:text-gray-300">
            · {t(`paymentSessions:reasons.${step.reason}`, { defaultValue: step.reason })} · {formatDateTime(step.at)}
          </span>{' '}
          <StepActorText actor={step.actor} />
        </li>
      ))}
    </ol>
  );
}

function Journal({ journal }: { journal: LedgerJournalView }) {
  const { t } = useTranslation(['paymentSessions']);
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const caption = `${t(`paymentSessions:journalKinds.${journal.kind}`, { defaultValue: journal.kind })} · ${formatDateTime(journal.createdAt)}`;
  return (
    <table className="mb-3 w-full text-sm">
      <caption className="mb-1 text-left font-medium">{caption}</caption>
      <thead>
        <tr className="text-left text-gray-700 dark:text-gray-300">
          <th scope="col" className="py-1 font-medium">
            {t('paymentSessions:detail.entry.account')}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('paymentSessions:detail.entry.debit')}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('paymentSessions:detail.entry.credit')}
          </th>
        </tr>
      </thead>
      <tbody>
        {journal.entries.map((entry) => {
          const isDebit = !entry.amount.startsWith('-');
          const amount = money(entry.amount.replace(/^-/, ''), journal.currency);
          return (
            <tr key={`${entry.account}-${entry.amount}`} className="border-t border-gray-200 dark:border-gray-700">
              <td className="py-1">
                {t(`paymentSessions:ledgerAccounts.${entry.account}`, { defaultValue: entry.account })}
              </td>
              <td className="py-1 text-right whitespace-nowrap">{isDebit ? amount : ''}</td>
              <td className="py-1 text-right whitespace-nowrap">{isDebit ? '' : amount}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function DetailBody({ detail }: { detail: Detail }) {
  const { t } = useTranslation(['paymentSessions']);
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const { session } = detail;
  const amount = (value: string) => money(value, session.currency);
  return (
    <div>
      <SectionHeading>{t('paymentSessions:detail.summary')}</SectionHeading>
      <DetailList
        rows={[
          { key: 'reference', label: t('paymentSessions:fields.referenceNumber'), value: session.referenceNumber },
          { key: 'merchant', label: t('paymentSessions:fields.merchant'), value: session.merchantName },
          {
            key: 'status',
            label: t('paymentSessions:fields.status'),
            value: <PaymentSessionStatusBadge status={session.status} />,
          },
          {
            key: 'method',
            label: t('paymentSessions:fields.method'),
            value: session.method ? t(`common:providers.${session.method}`) : '—',
          },
          { key: 'amount', label: t('paymentSessions:detail.fields.amount'), value: amount(session.amount) },
          {
            key: 'discount',
            label: t('paymentSessions:detail.fields.discount'),
            value: amount(session.discountAmount),
          },
          { key: 'extraFee', label: t('paymentSessions:detail.fields.extraFee'), value: amount(session.extraFee) },
          { key: 'final', label: t('paymentSessions:fields.finalAmount'), value: amount(session.finalAmount) },
          {
            key: 'received',
            label: t('paymentSessions:detail.fields.received'),
            value: session.receivedAmount ? amount(session.receivedAmount) : '—',
          },
          { key: 'fee', label: t('paymentSessions:detail.fields.fee'), value: amount(session.fee) },
          {
            key: 'refunded',
            label: t('paymentSessions:detail.fields.refunded'),
            value: amount(session.refundedAmount),
          },
          {
            key: 'account',
            label: t('paymentSessions:detail.fields.account'),
            value: detail.receivingAccount
              ? `${detail.receivingAccount.label} · ${detail.receivingAccount.accountNumber}`
              : '—',
          },
          { key: 'created', label: t('paymentSessions:fields.createdAt'), value: formatDateTime(session.createdAt) },
          {
            key: 'expires',
            label: t('paymentSessions:detail.fields.expiresAt'),
            value: formatDateTime(session.expiresAt),
          },
          {
            key: 'paid',
            label: t('paymentSessions:fields.paidAt'),
            value: session.paidAt ? formatDateTime(session.paidAt) : '—',
          },
          {
            key: 'customer',
            label: t('paymentSessions:detail.fields.customer'),
            value: session.customer
              ? [session.customer.name, session.customer.email, session.customer.phone].filter(Boolean).join(' · ')
              : '—',
          },
          {
            key: 'url',
            label: t('paymentSessions:detail.fields.paymentUrl'),
            value: <span className="font-mono text-xs break-all">{session.paymentUrl}</span>,
          },
        ]}
      />
      <SessionClaims detail={detail} />
      <SessionCandidateTransfers session={session} />
      <SessionRefunds detail={detail} />
      <SectionHeading>{t('paymentSessions:detail.timeline')}</SectionHeading>
      <Timeline detail={detail} />
      <SectionHeading>{t('paymentSessions:detail.webhooks')}</SectionHeading>
      {detail.webhooks.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('paymentSessions:detail.noWebhooks')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {detail.webhooks.map((event) => (
            <WebhookEventItem
              key={event.id}
              event={event}
              onResent={paymentSessionDetailQueryOptions(session.id).queryKey}
            />
          ))}
        </ul>
      )}
      <SectionHeading>{t('paymentSessions:detail.journals')}</SectionHeading>
      {detail.journals.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('paymentSessions:detail.noJournals')}</p>
      ) : (
        detail.journals.map((journal) => <Journal key={journal.id} journal={journal} />)
      )}
    </div>
  );
}

/** A session with its proof: what happened to it, what the merchant was told, what money moved. */
export function PaymentSessionDetailModal({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const { t } = useTranslation(['paymentSessions']);
  const apiErrorMessage = useApiErrorMessage();
  const query = usePaymentSessionDetail(sessionId);
  const reference = query.data?.session.referenceNumber ?? '';
  return (
    <Modal isOpen onClose={onClose} title={t('paymentSessions:detail.title', { reference })} size="wide">
      {query.isPending ? <Spinner className="size-8" /> : null}
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {query.data ? <DetailBody detail={query.data} /> : null}
    </Modal>
  );
}
