import { PAYOUT_PROVIDERS, type TeamApproval } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useConsoleMode } from '../../../lib/console-mode';
import { usePayoutMethods } from '../../payout-methods/api/payout-methods';
import { useDecideTeamApproval, useTeamApprovals } from '../api/team-approvals';

const TONES: Record<TeamApproval['status'], BadgeTone> = { pending: 'amber', approved: 'green', rejected: 'gray' };

/**
 * Team → Approvals: the settlements and refunds members asked for above the owner's amount. The
 * owner approves one (it is then made as the member asked) or rejects it with a reason. `mine`: a
 * member's own requests and their answers (no decision; shown only once they asked for something).
 */
export function TeamApprovals({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation(['team']);
  const approvals = useTeamApprovals(mine);
  const methods = usePayoutMethods().data ?? [];
  const decide = useDecideTeamApproval();
  const confirm = useConfirm();
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();

  const what = (approval: TeamApproval) => {
    if (approval.kind === 'refund') return t('team:approvals.refund', { reference: approval.paymentSessionId });
    const method = methods.find((m) => m.id === approval.payoutMethodId);
    return t('team:approvals.settlement', {
      destination: method ? `${PAYOUT_PROVIDERS[method.provider].name} ${method.accountNumber}` : '—',
    });
  };

  async function approve(approval: TeamApproval) {
    const subject = { amount: money(approval.amount, approval.currency), member: approval.requestedBy.name };
    const answer = await confirm({
      title: t('team:approvals.approveTitle'),
      message: t('team:approvals.approveMessage', subject),
      confirmText: t('team:approvals.approve'),
      cancelText: t('team:approvals.keep'),
    });
    if (answer !== true) return;
    decide.mutate(
      { id: approval.id },
      {
        onSuccess: () => toast.success(t('team:approvals.approved', subject)),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  }

  async function reject(approval: TeamApproval) {
    const reason = await confirm({
      title: t('team:approvals.rejectTitle'),
      message: t('team:approvals.rejectMessage', { member: approval.requestedBy.name }),
      confirmText: t('team:approvals.reject'),
      cancelText: t('team:approvals.keep'),
      inputLabel: t('team:approvals.reason'),
      inputMaxLength: 500,
      isRequiredInput: true,
    });
    if (typeof reason !== 'string' || reason.trim() === '') return;
    decide.mutate(
      { id: approval.id, reason: reason.trim() },
      { onError: (error) => toast.error(apiErrorMessage(error)) },
    );
  }

  const items = approvals.data ?? [];
  // The team is the live merchant's: its approvals send live money whatever the console's mode.
  const isTestMode = useConsoleMode() === 'test';
  if (mine && items.length === 0) return null;
  return (
    <section aria-labelledby="team-approvals-heading" className="flex flex-col gap-3">
      <h2 id="team-approvals-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t(mine ? 'team:approvals.mineHeading' : 'team:approvals.heading')}
      </h2>
      {isTestMode ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('team:approvals.liveInTestMode')}
        </p>
      ) : null}
      {approvals.isError ? <FormError>{apiErrorMessage(approvals.error)}</FormError> : null}
      {items.length === 0 && approvals.isSuccess ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('team:approvals.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((approval) => (
            <li key={approval.id} className="rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{money(approval.amount, approval.currency)}</span>
                <Badge tone={TONES[approval.status]}>{t(`team:approvals.statuses.${approval.status}`)}</Badge>
                <span>{what(approval)}</span>
              </div>
              <p className="mt-1 text-gray-700 dark:text-gray-300">
                {t('team:approvals.askedBy', {
                  member: approval.requestedBy.name,
                  at: formatDateTime(approval.createdAt),
                })}
                {approval.note ? ` · ${approval.note}` : ''}
                {approval.reason ? ` · ${t('team:approvals.because', { reason: approval.reason })}` : ''}
              </p>
              {approval.status === 'pending' && !mine ? (
                <div className="mt-2 flex gap-2">
                  <Button onClick={() => void approve(approval)} isLoading={decide.isPending}>
                    {t('team:approvals.approve')}
                  </Button>
                  <Button variant="secondary" onClick={() => void reject(approval)} disabled={decide.isPending}>
                    {t('team:approvals.reject')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
