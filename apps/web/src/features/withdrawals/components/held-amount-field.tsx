import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { useWithdrawalHold } from '../hooks/use-withdrawal-hold';

/**
 * The amount of money out (a settlement, a refund), and under it what will be held as it is typed:
 * the amount and the merchant's withdrawal fee (the server decides; this only shows it).
 */
export function HeldAmountField({
  label,
  amount,
  onChange,
  error,
}: {
  label: string;
  amount: string;
  onChange: (amount: string) => void;
  error?: string;
}) {
  const { t } = useTranslation(['withdrawals']);
  const held = useWithdrawalHold(amount);
  return (
    <>
      <Input
        label={label}
        name="amount"
        required
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {held ? t('withdrawals:request.feeHeld', held) : t('withdrawals:request.feeNote')}
      </p>
    </>
  );
}
