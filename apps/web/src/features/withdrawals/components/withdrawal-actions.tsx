import { canUser, formatAmount, type OperatorWithdrawal, PAYOUT_PROVIDERS, toMinorUnits } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useWithdrawalAction, type WithdrawalAction } from '../api/withdrawals';

const TEXT_MAX_LENGTH = 500;

/**
 * What the signed-in user may do with one withdrawal now, as buttons: the merchant cancels a
 * pending request; operators approve, reject (with a reason), send it through a phone, mark it paid
 * outside Gerbang (with the reference), settle an uncertain transfer by the account's history, or
 * approve or reject a holder's name the bank gave that does not match the merchant's (with a reason).
 * Each asks first; the server decides (maker-checker, states) and says why when it refuses.
 */
export function WithdrawalActions({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const { t } = useTranslation(['withdrawals']);
  const { user } = useSession();
  const confirm = useConfirm();
  const money = useFormatMoney();
  const apiErrorMessage = useApiErrorMessage();
  const act = useWithdrawalAction();
  // Test mode's withdrawals are its test provider's to end: no operator acts on one.
  const canOperate = canUser(user, 'withdrawals', 'operate') && withdrawal.livemode;
  const canCreate = canUser(user, 'withdrawals', 'create');
  const { status } = withdrawal;
  const amount = money(withdrawal.amount, withdrawal.currency);
  const subject = {
    reference: withdrawal.referenceNumber,
    amount,
    fee: money(withdrawal.fee, withdrawal.currency),
    held: money(
      formatAmount(
        toMinorUnits(withdrawal.amount, withdrawal.currency) + toMinorUnits(withdrawal.fee, withdrawal.currency),
        withdrawal.currency,
      ),
      withdrawal.currency,
    ),
    merchant: withdrawal.merchantName ?? t('withdrawals:fields.noMerchant'),
    destination: `${PAYOUT_PROVIDERS[withdrawal.destination.provider].name} ${withdrawal.destination.accountNumber}`,
    givenName: withdrawal.destination.holderName,
    bankName: withdrawal.destination.verifiedHolderName ?? '',
  };

  const run = (action: WithdrawalAction, done: string) =>
    act.mutate(
      { id: withdrawal.id, action },
      { onSuccess: () => toast.success(done), onError: (error) => toast.error(apiErrorMessage(error)) },
    );

  async function ask(kind: 'cancel' | 'approve' | 'execute') {
    const answer = await confirm({
      title: t(`withdrawals:${kind}.title`),
      message: t(`withdrawals:${kind}.message`, subject),
      confirmText: t(`withdrawals:${kind}.confirm`),
      cancelText: t('withdrawals:actions.keep'),
    });
    if (answer === true) run({ kind }, t(`withdrawals:${kind}.done`, subject));
  }

  /** A dialog whose typed text the action needs (a reason, a reference, a note). */
  async function askText(
    kind: 'reject' | 'markPaid' | 'reconcilePaid' | 'reconcileNotPaid' | 'approveName' | 'rejectName',
  ) {
    const text = await confirm({
      title: t(`withdrawals:${kind}.title`),
      message: t(`withdrawals:${kind}.message`, subject),
      confirmText: t(`withdrawals:${kind}.confirm`),
      cancelText: t('withdrawals:actions.keep'),
      inputLabel: t(`withdrawals:${kind}.input`),
      inputMaxLength: TEXT_MAX_LENGTH,
      isRequiredInput: true,
    });
    if (typeof text !== 'string' || text.trim() === '') return;
    const value = text.trim();
    const actions: Record<typeof kind, WithdrawalAction> = {
      reject: { kind: 'reject', reason: value },
      markPaid: { kind: 'markPaid', reference: value },
      reconcilePaid: { kind: 'reconcile', outcome: 'paid', reference: value },
      reconcileNotPaid: { kind: 'reconcile', outcome: 'not_paid', note: value },
      approveName: { kind: 'nameReview', decision: 'approve', reason: value },
      rejectName: { kind: 'nameReview', decision: 'reject', reason: value },
    };
    run(actions[kind], t(`withdrawals:${kind}.done`, subject));
  }

  const buttons: { key: string; label: string; onClick: () => void }[] = [];
  if (canCreate && status === 'pending_approval' && !canOperate) {
    buttons.push({ key: 'cancel', label: t('withdrawals:actions.cancelRequest'), onClick: () => void ask('cancel') });
  }
  if (canOperate && status === 'pending_approval') {
    buttons.push({ key: 'approve', label: t('withdrawals:actions.approve'), onClick: () => void ask('approve') });
  }
  if (canOperate && (status === 'pending_approval' || status === 'approved')) {
    buttons.push({ key: 'reject', label: t('withdrawals:actions.reject'), onClick: () => void askText('reject') });
  }
  if (canOperate && status === 'approved') {
    buttons.push({ key: 'execute', label: t('withdrawals:actions.execute'), onClick: () => void ask('execute') });
    buttons.push({
      key: 'markPaid',
      label: t('withdrawals:actions.markPaid'),
      onClick: () => void askText('markPaid'),
    });
  }
  if (canOperate && status === 'name_review') {
    for (const kind of ['approveName', 'rejectName'] as const) {
      buttons.push({ key: kind, label: t(`withdrawals:actions.${kind}`), onClick: () => void askText(kind) });
    }
  }
  if (canOperate && status === 'uncertain') {
    buttons.push({
      key: 'reconcilePaid',
      label: t('withdrawals:actions.reconcilePaid'),
      onClick: () => void askText('reconcilePaid'),
    });
    buttons.push({
      key: 'reconcileNotPaid',
      label: t('withdrawals:actions.reconcileNotPaid'),
      onClick: () => void askText('reconcileNotPaid'),
    });
  }
  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map((button) => (
        <Button
          key={button.key}
          variant="secondary"
          disabled={act.isPending}
          aria-label={`${button.label} ${withdrawal.referenceNumber}`}
          onClick={button.onClick}
        >
          {button.label}
        </Button>
      ))}
    </div>
  );
}
