import { type Currency, normalizePayoutAccount, PAYOUT_PROVIDERS, type PayoutProvider } from '@gerbang/contract';

/**
 * A destination a merchant or a customer gave, checked: the provider pays out in the currency and the
 * number is in its form. The problems are named by field (`body.provider`, `body.accountNumber`);
 * `accountNumber` is the normalised number when there are none.
 */
export function checkDestination(
  given: { provider: PayoutProvider; accountNumber: string },
  currency: Currency,
): { problems: Record<string, string>; accountNumber: string | null } {
  const problems: Record<string, string> = {};
  const provider = PAYOUT_PROVIDERS[given.provider];
  if (provider.currency !== currency) {
    problems['body.provider'] = `${provider.name} pays out in ${provider.currency}, not ${currency}`;
  }
  const number = normalizePayoutAccount(given.provider, given.accountNumber);
  if (!number.ok) problems['body.accountNumber'] = number.message;
  return { problems, accountNumber: number.ok ? number.value : null };
}
