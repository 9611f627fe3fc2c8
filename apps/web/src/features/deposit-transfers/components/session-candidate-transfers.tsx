import { canUser, type PaymentSession, type SessionCandidateTransfer } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useResolveDepositTransfer, useSessionCandidateTransfers } from '../api/deposit-transfers';
import { useFormatDuration } from './use-format-duration';

const NOTE_MAX_LENGTH = 500;

/**
 * On an unpaid session's detail, for operators who resolve transfers: the queued transfers into its
 * account that may be its payment ("a transfer of IDR 245,500 from Lina Marlina arrived 40 sec after
 * this session opened"), each matched to it with a reason.
 */
export function SessionCandidateTransfers({ session }: { session: PaymentSession }) {
  const { user } = useSession();
  const canResolve = canUser(user, 'transactions', 'operate');
  if (!canResolve || session.status === 'success') return null;
  return <CandidateList session={session} />;
}

function CandidateList({ session }: { session: PaymentSession }) {
  const { t } = useTranslation(['depositTransfers']);
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const duration = useFormatDuration();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const query = useSessionCandidateTransfers(session.id);
  const resolve = useResolveDepositTransfer();
  if (!query.data || query.data.items.length === 0) return null;

  const match = async (transfer: SessionCandidateTransfer) => {
    const note = await confirm({
      title: t('depositTransfers:match.title'),
      message: t(
        transfer.difference === '0' ? 'depositTransfers:match.message' : 'depositTransfers:match.nearMessage',
        {
          amount: money(transfer.amount, transfer.currency),
          reference: session.referenceNumber,
          difference: money(transfer.difference, transfer.currency),
          final: money(session.finalAmount, session.currency),
        },
      ),
      confirmText: t('depositTransfers:match.confirm'),
      cancelText: t('depositTransfers:actions.cancel'),
      inputLabel: t('depositTransfers:reason'),
      inputMaxLength: NOTE_MAX_LENGTH,
      isRequiredInput: true,
    });
    if (typeof note !== 'string' || note.trim() === '') return;
    resolve.mutate(
      { id: transfer.transferId, kind: 'match', note: note.trim(), paymentSessionId: session.id },
      {
        onSuccess: (outcome) =>
          toast.success(t(outcome === 'resolved' ? 'depositTransfers:match.done' : 'depositTransfers:proposal.sent')),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  };

  return (
    <section aria-labelledby="session-candidates-heading" className="mt-4">
      <h3 id="session-candidates-heading" className="font-semibold text-gray-900 dark:text-white">
        {t('depositTransfers:sessionCandidates.heading')}
      </h3>
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {query.data.items.map((transfer) => (
          <li
            key={transfer.transferId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 p-2 dark:border-amber-700"
          >
            <span>
              {t(
                transfer.secondsAfterOpen >= 0
                  ? 'depositTransfers:sessionCandidates.after'
                  : 'depositTransfers:sessionCandidates.before',
                {
                  amount: money(transfer.amount, transfer.currency),
                  from: transfer.counterpartyName || '—',
                  duration: duration(transfer.secondsAfterOpen),
                },
              )}{' '}
              <span className="text-xs text-gray-600 dark:text-gray-400">({formatDateTime(transfer.occurredAt)})</span>
            </span>
            <Button variant="secondary" disabled={resolve.isPending} onClick={() => void match(transfer)}>
              {t('depositTransfers:actions.match')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
