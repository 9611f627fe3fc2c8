import { feeOnAmountMinor, formatAmount, parseAmount, percentToBasisPoints, toMinorUnits } from '@gerbang/contract';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useSession } from '../../../lib/session';

/**
 * What money out will hold as the amount is typed: the amount and the merchant's withdrawal fee on
 * it, formatted (the server decides; this only shows it). null until the amount parses.
 */
export function useWithdrawalHold(amountText: string): { fee: string; total: string } | null {
  const { user } = useSession();
  const money = useFormatMoney();
  const currency = user?.merchantBalance?.currency;
  const terms = user?.merchantWithdrawalFee;
  const parsed = currency ? parseAmount(amountText.trim(), currency) : null;
  if (!currency || !terms || !parsed?.ok || parsed.minor <= 0n) return null;
  const fee = feeOnAmountMinor(parsed.minor, percentToBasisPoints(terms.percent), toMinorUnits(terms.fixed, currency));
  return {
    fee: money(formatAmount(fee, currency), currency),
    total: money(formatAmount(parsed.minor + fee, currency), currency),
  };
}
