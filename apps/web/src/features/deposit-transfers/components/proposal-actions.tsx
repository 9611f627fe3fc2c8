import type { DepositTransfer } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useDecideDepositProposal } from '../api/deposit-transfers';

const NOTE_MAX_LENGTH = 500;

/**
 * A resolution above the approval amount that one operator proposed: another approves or declines
 * it (with why); its proposer only sees that it waits (the server refuses its approval anyway).
 */
export function ProposalActions({ transfer }: { transfer: DepositTransfer }) {
  const { t } = useTranslation(['depositTransfers']);
  const { user } = useSession();
  const money = useFormatMoney();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const decide = useDecideDepositProposal();
  const { proposal } = transfer;
  if (!proposal) return null;
  if (proposal.proposedByUserId === user?.id) {
    return <span className="text-xs text-gray-700 dark:text-gray-300">{t('depositTransfers:proposal.waiting')}</span>;
  }
  const subject = {
    amount: money(transfer.amount, transfer.currency),
    what: t(`depositTransfers:proposal.${proposal.kind}`),
  };

  const ask = async (decision: 'approve' | 'decline') => {
    const answer = await confirm({
      title: t(`depositTransfers:proposal.${decision}Title`),
      message: t(`depositTransfers:proposal.${decision}Message`, { ...subject, note: proposal.note }),
      confirmText: t(`depositTransfers:proposal.${decision}`),
      cancelText: t('depositTransfers:actions.cancel'),
      ...(decision === 'decline'
        ? { inputLabel: t('depositTransfers:reason'), inputMaxLength: NOTE_MAX_LENGTH, isRequiredInput: true }
        : {}),
    });
    if (answer === false) return;
    if (decision === 'decline' && (typeof answer !== 'string' || answer.trim() === '')) return;
    decide.mutate(
      { id: transfer.id, decision, ...(typeof answer === 'string' ? { note: answer.trim() } : {}) },
      {
        onSuccess: () => toast.success(t(`depositTransfers:proposal.${decision}Done`)),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={decide.isPending} onClick={() => void ask('approve')}>
        {t('depositTransfers:proposal.approve')}
      </Button>
      <Button variant="secondary" disabled={decide.isPending} onClick={() => void ask('decline')}>
        {t('depositTransfers:proposal.decline')}
      </Button>
    </div>
  );
}
